/**
 * Bundles this feature's English as the last-resort fallback (see src/core/i18n/en.ts):
 * what the inbox's pages and elements show. The browser alerts' settings (the user menu)
 * and the handling dialog bring their own (bundled-alerts.ts, bundled-handle.ts), so no
 * page carries them before they open. Named imports: the bundler leaves out the top-level
 * keys nobody imports.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import {
  badge,
  title,
  tabs,
  filters,
  views,
  severity,
  list,
  empty,
  row,
  state,
  incident,
  notification,
  back,
  live,
  work,
  timeline,
  comment,
} from './en.json';

registerBundledMessages('inbox', {
  badge,
  title,
  tabs,
  filters,
  views,
  severity,
  list,
  empty,
  row,
  state,
  incident,
  notification,
  back,
  live,
  work,
  timeline,
  comment,
});
