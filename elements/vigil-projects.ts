import '../src/features/common/toastRegionElement.ts';
import { defineElement } from '../src/features/common/element/defineElement.tsx';
import { CompactSignIn } from '../src/features/auth/CompactSignIn.tsx';
import { ProjectsPage } from '../src/features/projects/ProjectsPage.tsx';

/**
 * The signed-in user's projects (the portal's home): each with its sites and systems
 * counts and an "Evacuation active" marker; a search box filters long lists by name.
 * Needs a signed-in user (shows a compact sign-in otherwise).
 *
 * @tagname vigil-projects
 * @audience portal
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-signed-in - a user signed in with the compact sign-in shown while signed out; detail `{ username, name }`
 * @csspart projects - the list's wrapper
 * @csspart project - one project card
 * @csspart evacuation-active - the "Evacuation active" marker of a project
 * @csspart empty - the message when the user has no projects
 * @csspart error - the message when the list cannot be loaded
 */
export const VigilProjects = defineElement({ tag: 'vigil-projects', component: ProjectsPage, session: 'required', signIn: CompactSignIn });
