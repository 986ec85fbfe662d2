/**
 * The English fallback of the leave question (`leave`), the turned narrow grid (`nights`)
 * and the tools (`tools`), bundled by their own lazy chunks (LeaveDialog.tsx,
 * NightsGrid.tsx, ScheduleTools.tsx import this) so the pages do not carry them; bundled.ts has the rest. The raw file is the
 * module bundled-confirm.ts reads too.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import english from './en.json?raw';

const { leave, nights, tools } = JSON.parse(english) as { leave: object; nights: object; tools: object };
registerBundledMessages('schedules', { leave, nights, tools });
