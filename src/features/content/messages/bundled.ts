/** Bundles this feature's English as the last-resort fallback (see src/core/i18n/en.ts). */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import en from './en.json';

registerBundledMessages('content', en);
