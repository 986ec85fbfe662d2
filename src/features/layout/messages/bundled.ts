/**
 * Bundles this feature's English as the last-resort fallback (see src/core/i18n/en.ts):
 * what the layout can show on any page. The not-found page's texts come with that page
 * (bundled-not-found.ts), which loads on demand. Named imports: the bundler leaves out the
 * top-level keys nobody imports.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import { crashed, home, loading, nav, skipToContent, timeout, user } from './en.json';

registerBundledMessages('layout', { skipToContent, home, nav, user, loading, timeout, crashed });
