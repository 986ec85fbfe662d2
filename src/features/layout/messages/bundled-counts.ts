/**
 * The English of the Inbox pill's counts and of the title's (see bundled.ts), registered
 * when their chunk loads, before they render. Its own instance of the catalogue
 * (`?….part.json`), so that only this key comes along, not in the portal's first load.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import * as en from './en.json?counts.part.json';

registerBundledMessages('layout', { counts: en.counts });
