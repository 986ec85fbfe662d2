/**
 * The handling dialog's texts (see bundled.ts), registered when the dialog's lazy chunk
 * loads. Its own instance of the catalogue (`?….part.json`), so that only this key comes
 * along, whichever chunk the rest of the inbox's English is in.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import * as en from './en.json?handleDialog.part.json';

registerBundledMessages('inbox', { handleDialog: en.handleDialog });
