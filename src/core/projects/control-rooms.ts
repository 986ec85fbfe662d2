/**
 * The control rooms a user can call (the Help menu, docs/product.md#routes): one per room
 * and number across the user's projects, each with the projects it watches, in the order
 * of the projects list. Built from `control_room` of GET /api/v2/projects.
 */
import type { ProjectSummary } from '../api/contract.ts';
import { telHref } from '../inbox/tel.ts';

export interface CallableRoom {
  name: string;
  /** As people write it: "+32 3 555 01 23". */
  phone: string;
  /** "tel:+3235550123". */
  href: string;
  /** The names of the projects it watches. */
  projects: string[];
}

export function controlRooms(projects: readonly ProjectSummary[] | undefined): CallableRoom[] {
  const rooms = new Map<string, CallableRoom>();
  for (const project of projects ?? []) {
    const room = project.control_room;
    if (!room) continue;
    const href = telHref(room.phone);
    const key = `${room.name}|${href}`;
    const known = rooms.get(key);
    if (known) known.projects.push(project.name);
    else rooms.set(key, { name: room.name, phone: room.phone, href, projects: [project.name] });
  }
  return [...rooms.values()];
}
