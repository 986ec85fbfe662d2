/**
 * The multi-site confirmation's English fallback (`confirm`), bundled by its own lazy chunk
 * (ApplyConfirm.tsx imports this) so the pages do not carry it; bundled.ts has the rest.
 * The raw file is a module of its own, so the pages' chunk does not carry these texts.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import english from './en.json?raw';

registerBundledMessages('schedules', { confirm: (JSON.parse(english) as { confirm: object }).confirm });
