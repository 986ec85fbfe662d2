/**
 * Bundles this feature's English as the last-resort fallback (see src/core/i18n/en.ts).
 * The multi-site confirmation's texts (`confirm`) are bundled by its own lazy chunk
 * (messages/bundled-confirm.ts), so the pages do not carry them.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import { diff, editor, errors, grid, multi, runs, time, tools } from './en.json';

registerBundledMessages('schedules', { runs, diff, time, errors, grid, tools, editor, multi });
