/**
 * Bundles this feature's English as the last-resort fallback (see src/core/i18n/en.ts). Only
 * the activity log's lazy chunks import it, so no other page carries these texts.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import en from './en.json';

registerBundledMessages('activity', en);
