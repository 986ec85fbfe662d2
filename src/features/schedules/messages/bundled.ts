/**
 * Bundles this feature's English as the last-resort fallback (see src/core/i18n/en.ts).
 * The multi-site confirmation's texts (`confirm`) are bundled by its own lazy chunk
 * (messages/bundled-confirm.ts), the tools', the leave question's and the narrow grid's
 * by theirs (messages/bundled-lazy.ts), so the pages do not carry them.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import { diff, editor, errors, grid, multi, runs, time } from './en.json';

registerBundledMessages('schedules', { runs, diff, time, errors, grid, editor, multi });
