import '../src/features/common/toastRegionElement.ts';
import { createElement } from 'react';
import { defineElement, isUuid, type ElementProps } from '../src/features/common/element/defineElement.tsx';
import { CompactSignIn } from '../src/features/auth/CompactSignIn.tsx';
import { ProjectPage } from '../src/features/projects/ProjectPage.tsx';

/**
 * One project: its evacuation banner, its sites with their systems, and links to the
 * site schedules and (with 'manage users') the project users. Links open the portal.
 * Needs a signed-in user (shows a compact sign-in otherwise).
 *
 * @tagname vigil-project
 * @audience portal
 * @attr project - uuid of the project (required)
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-signed-in - a user signed in with the compact sign-in shown while signed out; detail `{ username, name }`
 * @fires vigil-evacuation-started - an evacuation started from this element's evacuation control; detail `{ scope: 'project' | 'site', uuid, status }` (see `<vigil-evacuation>`)
 * @fires vigil-evacuation-aborted - an evacuation aborted from this element's evacuation control; detail `{ scope, uuid, status }`
 * @csspart project - the project's wrapper
 * @csspart breadcrumbs - the breadcrumb trail
 * @csspart site - one site card
 * @csspart system-status - a system's online/offline pill
 * @csspart empty - the message for a project without sites
 * @csspart error - the message when the project cannot be loaded or does not exist
 */
export const VigilProject = defineElement({
  tag: 'vigil-project',
  component: ({ project }: ElementProps<'project'>) => createElement(ProjectPage, { uuid: project ?? '' }),
  attributes: { project: { required: true, check: isUuid } },
  session: 'required',
  signIn: CompactSignIn,
});
