/**
 * The English fallback of the DRILL label, the reason and the History link (`modes`): the state, the bar and the history show them,
 * registered by the lazy chunks that show them (see bundled.ts for the rest). Its own
 * instance of the catalogue (`?….part.json`), so that only this key comes along.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import * as en from './en.json?modes.part.json';

registerBundledMessages('evacuation', { modes: en.modes });
