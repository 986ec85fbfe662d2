/**
 * Bundles this feature's English as the last-resort fallback (see src/core/i18n/en.ts).
 * Named imports: the security section's texts (`security`) come with that section
 * (bundled-security.ts), which loads on demand.
 */
import { registerBundledMessages } from '../../../core/i18n/i18n.ts';
import {
  backToProject,
  errors,
  form,
  intro,
  invite,
  list,
  loading,
  loadingProject,
  noPermission,
  notFound,
  permissionHints,
  projectError,
  remove,
  search,
  self,
  title,
  titleWithProject,
  toasts,
  validation,
  you,
} from './en.json';

registerBundledMessages('users', {
  title,
  titleWithProject,
  intro,
  invite,
  backToProject,
  loading,
  loadingProject,
  you,
  permissionHints,
  list,
  search,
  form,
  validation,
  remove,
  self,
  noPermission,
  notFound,
  projectError,
  errors,
  toasts,
});
