/**
 * The control room that watches a project: who the customer calls about it. Kept on the
 * project (not on an incident) so every screen about the project reads the same number.
 */
import type { Db } from './db.ts';

export interface ControlRoom {
  name: string;
  /** As people write it, starting with + and the country code: "+32 3 555 01 23". */
  phone: string;
}

/** The project's control room (every project has one: the migration gives a default). */
export function controlRoomOf(db: Db, projectUuid: string): ControlRoom {
  const row = db.get<{ name: string; phone: string }>(
    'SELECT control_room_name AS name, control_room_phone AS phone FROM projects WHERE uuid = ?',
    projectUuid,
  );
  return { name: row?.name ?? '', phone: row?.phone ?? '' };
}
