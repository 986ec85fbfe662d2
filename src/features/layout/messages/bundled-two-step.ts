/**
 * The two-step sign-in texts of the user menu (see bundled.ts), registered when its lazy
 * chunk loads. Its own instance of the catalogue (`?….part.json`), so that only this key
 * comes along, whichever chunk the rest of the layout's English is in.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import * as en from './en.json?twoStep.part.json';

registerBundledMessages('layout', { twoStep: en.twoStep });
