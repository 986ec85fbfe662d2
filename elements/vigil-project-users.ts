import '../src/features/common/toastRegionElement.ts';
import { defineElement, isUuid } from '../src/features/common/element/defineElement.tsx';
import { CompactSignIn } from '../src/features/auth/CompactSignIn.tsx';
import { ProjectUsersElement } from '../src/features/users/ProjectUsersElement.tsx';

/**
 * The users of one project: search, sort, add, change permissions and remove. Needs the
 * 'manage users' permission on the project; without it, the element says so. Signed out,
 * it shows a compact sign-in.
 *
 * @tagname vigil-project-users
 * @attr project - uuid of the project (required)
 * @attr api-base - URL of the Vigil API (one per page: see README "For integrators")
 * @fires vigil-project-user-changed - a member was added, changed or removed; detail `{ project, user, change: 'added' | 'updated' | 'removed' }` (`user` is the member's uuid)
 * @fires vigil-signed-in - a user signed in with the compact sign-in shown while signed out; detail `{ username, name }`
 * @csspart users - the whole view
 * @csspart table - the members table
 * @csspart row - one member
 * @csspart permissions - a member's permissions
 * @csspart form - the add / edit form
 * @csspart no-permission - the message shown without 'manage users'
 * @csspart dialog - the remove confirmation
 * @cssproperty --vigil-color-primary - buttons and links
 * @cssproperty --vigil-color-danger - the remove action
 */
export const VigilProjectUsers = defineElement({
  tag: 'vigil-project-users',
  component: ProjectUsersElement,
  attributes: { project: { required: true, check: isUuid } },
  session: 'required',
  signIn: CompactSignIn,
});
