/**
 * Bundles this feature's English as the last-resort fallback (see src/core/i18n/en.ts).
 * Named imports: the code step's texts (`mfa`) come with that step (bundled-mfa.ts).
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import { compact, errors, fields, forgot, login, logout, reset, terms } from './en.json';

registerBundledMessages('auth', { compact, fields, login, forgot, reset, logout, terms, errors });
