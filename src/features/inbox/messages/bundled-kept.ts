/**
 * The English fallback of a list's first page kept from an earlier visit (`kept`: "Checking…
 * · data from 14:02"), registered by the lists' lazy chunks (see bundled.ts for the rest).
 * Its own instance of the catalogue (`?….part.json`), so that only this key comes along,
 * whichever chunk the rest of the inbox's English is in.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import * as en from './en.json?kept.part.json';

registerBundledMessages('inbox', { kept: en.kept });
