/**
 * The English fallback of what a status kept from an earlier visit says (`kept`: "was active
 * at 14:02, checking…"), registered by the portal's lazy chunks that show it (see bundled.ts
 * for the rest). Its own instance of the catalogue (`?….part.json`), so that only this key
 * comes along.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import * as en from './en.json?kept.part.json';

registerBundledMessages('evacuation', { kept: en.kept });
