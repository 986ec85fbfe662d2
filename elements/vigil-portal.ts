import '../src/features/common/toastRegionElement.ts';
import { createElement } from 'react';
import { normalizeBasePath } from '../src/core/router/portal-router.ts';
import { defineElement, type ElementProps } from '../src/features/common/element/defineElement.tsx';
import { SlicedPortal } from '../src/features/layout/Portal.tsx';

/**
 * The whole hosted portal: every route of the specification with the shared layout
 * (logo, navigation pills with the unread count, user menu, language picker), sign-in,
 * password reset, terms of use, and each page loaded on demand. Uses the history API;
 * the language it applies becomes the page's `<html lang>`.
 *
 * @tagname vigil-portal
 * @audience portal
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @attr base-path - where the portal lives under its origin, e.g. `/portal` (default: the root)
 * @fires vigil-signed-in - a user signed in; detail `{ username, name }`
 * @fires vigil-signed-out - the user signed out (/logout)
 * @fires vigil-language-changed - the language was switched; detail `{ language }`
 * @fires vigil-evacuation-started - an evacuation started from this element's evacuation control; detail `{ scope: 'project' | 'site', uuid, status }` (see `<vigil-evacuation>`)
 * @fires vigil-evacuation-aborted - an evacuation aborted from this element's evacuation control; detail `{ scope, uuid, status }`
 * @fires vigil-schedule-saved - the server saved a schedule (site or project page); detail `{ project, sites }` (project uuid, saved site uuids)
 * @fires vigil-project-user-changed - a project member was added, changed or removed; detail `{ project, user, change: 'added' | 'updated' | 'removed' }`
 * @fires vigil-notification-read - an unread notification was opened and marked read; detail `{ uuid, unread }`
 * @fires vigil-incident-received - an incident arrived while the inbox was open; detail `{ uuid, title, severity, site, occurred_at }`
 * @fires vigil-unread-changed - the unread count changed; detail `{ count, previous }`
 * @csspart header - the header bar
 * @csspart language-picker - the language picker in the header
 * @csspart card - the sign-in card
 */
export const VigilPortal = defineElement({
  tag: 'vigil-portal',
  component: ({ basePath }: ElementProps<'basePath'>) => createElement(SlicedPortal, { basePath }),
  attributes: { basePath: { check: (value) => normalizeBasePath(value) !== null } },
  session: 'optional',
});
