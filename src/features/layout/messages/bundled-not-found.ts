/**
 * The not-found page's English (see bundled.ts), registered when its chunk loads, before
 * the page renders. Its own instance of the catalogue (`?….part.json`), so that only this key
 * comes along, whichever chunk the rest of the layout's English is in.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import * as en from './en.json?notFound.part.json';

registerBundledMessages('layout', { notFound: en.notFound });
