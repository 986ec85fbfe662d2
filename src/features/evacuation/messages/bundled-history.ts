/**
 * The English fallback of the evacuation history (`history`),
 * registered by the lazy chunks that show them (see bundled.ts for the rest). Its own
 * instance of the catalogue (`?….part.json`), so that only this key comes along.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import * as en from './en.json?history.part.json';

registerBundledMessages('evacuation', { history: en.history });
