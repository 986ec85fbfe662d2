/**
 * The English fallback of the start and end dialogs' texts (`dialog`), registered by the
 * control's action and the dialog (lazy chunks), not by the loading card every page with a
 * control shows first (see bundled.ts for the rest). Its own instance of the catalogue
 * (`?….part.json`), so that only this key comes along.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import * as en from './en.json?dialog.part.json';

registerBundledMessages('evacuation', { dialog: en.dialog });
