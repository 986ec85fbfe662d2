/**
 * Bundles this feature's English as the last-resort fallback (see src/core/i18n/en.ts): the
 * texts the state, the buttons and the bar show. Named imports, so the texts only lazy
 * chunks show (drills: bundled-modes.ts, the dialogs: bundled-dialog.ts, their choices:
 * bundled-confirm.ts, the history: bundled-history.ts) stay out.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import { banner, bar, control, element, errors, fallback } from './en.json';

registerBundledMessages('evacuation', { errors, control, banner, fallback, element, bar });
