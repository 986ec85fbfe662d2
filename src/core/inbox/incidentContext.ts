/**
 * What one incident's page says beyond the list's row (GET /api/v2/incidents/{uuid},
 * docs/product.md#api-calls): the project it belongs to and the control room that watches
 * that project, whom the customer can call. Read from the incident's extra fields (the
 * contract's objects keep them), each checked: a server without them gives undefined.
 */
import * as v from 'valibot';
import type { Incident } from '../api/contract.ts';

const ControlRoom = v.looseObject({
  name: v.pipe(v.string(), v.minLength(1)),
  /** International form, "+32 3 555 01 23". */
  phone: v.pipe(v.string(), v.regex(/^\+?[0-9][0-9 .()/-]{4,30}$/)),
});
const ProjectRef = v.looseObject({ uuid: v.pipe(v.string(), v.minLength(1)), name: v.string() });

export type ControlRoom = v.InferOutput<typeof ControlRoom>;
export type ProjectRef = v.InferOutput<typeof ProjectRef>;

export interface IncidentContext {
  project?: ProjectRef;
  controlRoom?: ControlRoom;
}

export function incidentContext(incident: Incident): IncidentContext {
  const extra = incident as Incident & { project?: unknown; control_room?: unknown };
  const project = v.safeParse(ProjectRef, extra.project);
  const room = v.safeParse(ControlRoom, extra.control_room);
  return {
    ...(project.success ? { project: project.output } : {}),
    ...(room.success ? { controlRoom: room.output } : {}),
  };
}

/** The `tel:` URI of a phone number as people write it: "+32 3 555 01 23" → "tel:+3235550123". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}
