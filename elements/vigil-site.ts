import '../src/features/common/toastRegionElement.ts';
import { createElement, lazy, Suspense } from 'react';
import { defineElement, isUuid, type ElementProps } from '../src/features/common/element/defineElement.tsx';
import { CompactSignIn } from '../src/features/auth/CompactSignIn.tsx';
import { SitePage } from '../src/features/projects/SitePage.tsx';

// The security hours are the heavier page and only some embeddings show them: their own chunk.
const SiteSchedulePage = lazy(() => import('../src/features/projects/SiteSchedulePage.tsx').then((m) => ({ default: m.SiteSchedulePage })));
const SECTIONS = ['overview', 'schedule'] as const;

/**
 * One site. By default what is happening there now: its evacuation state and whether it is
 * secured, its cameras' live tiles, its open and recent incidents and its other systems;
 * with `section="schedule"`, its security hours and date exceptions (the editor). Times are
 * told on the site's clock, its zone named. Needs a signed-in user (shows a compact sign-in
 * otherwise).
 *
 * @tagname vigil-site
 * @audience portal
 * @attr site - uuid of the site (required)
 * @attr {'overview' | 'schedule'} section - what it shows: `overview` (default), the site now, or `schedule`, its security hours and exceptions
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-signed-in - a user signed in with the compact sign-in shown while signed out; detail `{ username, name }`
 * @fires vigil-evacuation-started - an evacuation started from this element's evacuation control; detail `{ scope: 'project' | 'site', uuid, status }` (see `<vigil-evacuation>`)
 * @fires vigil-evacuation-aborted - an evacuation aborted from this element's evacuation control; detail `{ scope, uuid, status }`
 * @fires vigil-schedule-saved - the server saved the site's schedule; detail `{ project, sites }` (project uuid, saved site uuids)
 * @csspart site - the site's wrapper (the overview)
 * @csspart site-schedule - the wrapper of the security hours (`section="schedule"`)
 * @csspart site-sections - the links between the overview and the security hours
 * @csspart secured-now - whether the site is secured now, and until when
 * @csspart cameras - the camera systems with their live tiles
 * @csspart incidents - the site's open and recently handled incidents
 * @csspart systems-other - the alarm panels and other systems
 * @csspart schedule-link - the way to the security hours
 * @csspart breadcrumbs - the breadcrumb trail
 * @csspart system-status - a system's online/offline pill
 * @csspart error - the message when the site cannot be loaded or does not exist
 */
export const VigilSite = defineElement({
  tag: 'vigil-site',
  component: ({ site, section }: ElementProps<'site' | 'section'>) =>
    section === 'schedule'
      ? createElement(Suspense, { fallback: null }, createElement(SiteSchedulePage, { uuid: site ?? '' }))
      : createElement(SitePage, { uuid: site ?? '' }),
  attributes: { site: { required: true, check: isUuid }, section: { check: (value) => (SECTIONS as readonly string[]).includes(value) } },
  session: 'required',
  signIn: CompactSignIn,
});
