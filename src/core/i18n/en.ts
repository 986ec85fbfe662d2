/**
 * The English catalogue, bundled as the last resort when even the server's `en` cannot be
 * loaded, so no element ever shows raw keys. Its type is the source of the typed keys.
 */
import core from './messages/en.json';
import auth from '../../features/auth/messages/en.json';
import layout from '../../features/layout/messages/en.json';
import projects from '../../features/projects/messages/en.json';
import liveView from '../../features/live-view/messages/en.json';
import inbox from '../../features/inbox/messages/en.json';
import evacuation from '../../features/evacuation/messages/en.json';
import schedules from '../../features/schedules/messages/en.json';
import users from '../../features/users/messages/en.json';
import pages from '../../features/pages/messages/en.json';
import type { Namespace } from './namespaces.ts';

export const bundledEn = { core, auth, layout, projects, liveView, inbox, evacuation, schedules, users, pages } satisfies Record<
  Namespace,
  unknown
>;

export type Messages = typeof bundledEn;
