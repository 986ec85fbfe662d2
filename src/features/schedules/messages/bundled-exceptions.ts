/**
 * The English fallback of the holidays and one-off days (`exceptions`, `exceptionEditor`,
 * `holidays`), bundled by their own lazy chunks (ExceptionsPanel.tsx imports this) so the
 * schedule pages do not carry them; bundled.ts has the rest.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import english from './en.json?raw';

const { exceptions, exceptionEditor, holidays } = JSON.parse(english) as { exceptions: object; exceptionEditor: object; holidays: object };
registerBundledMessages('schedules', { exceptions, exceptionEditor, holidays });
