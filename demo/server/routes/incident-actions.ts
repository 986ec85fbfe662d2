/**
 * Acknowledging, commenting on and handling an incident (docs/product.md#acknowledge-comment-handle):
 * any member with 'view' on the incident's project; another customer's incident, or one of a
 * project the user may not read, is a 404 exactly like one that does not exist. Each answers
 * the incident as GET /api/v2/incidents/{uuid} does, timeline included.
 */
import { Bodies } from '../../../src/core/api/contract.ts';
import { acknowledge, comment, handle } from '../incident-activity.ts';
import { notFound, readBody, requestLocale, type App, type Ctx, type Deps } from '../http.ts';
import { incidentAnswer, readIncident } from './inbox.ts';

export function incidentActionRoutes(app: App, { db, events }: Deps): void {
  /** The incident the path names, if the user may read it; else 404. */
  const target = (c: Ctx) => {
    const row = readIncident(db, c.req.param('uuid') ?? '', c.get('user').id);
    if (!row) throw notFound('incident');
    return { uuid: row.uuid, project: row.project_uuid, acknowledged_at: row.acknowledged_at, handled_by: row.handled_by };
  };
  const answer = (c: Ctx, uuid: string) => {
    const user = c.get('user');
    return incidentAnswer(db, readIncident(db, uuid, user.id)!, requestLocale(c, user));
  };

  app.post('/api/v2/incidents/:uuid/acknowledge', (c) => {
    const incident = target(c);
    acknowledge(db, events, incident, c.get('user'));
    return c.json(answer(c, incident.uuid));
  });

  app.post('/api/v2/incidents/:uuid/comments', async (c) => {
    const incident = target(c);
    const body = await readBody(c, Bodies.incidentComment);
    comment(db, events, incident, c.get('user'), body.text);
    return c.json(answer(c, incident.uuid), 201);
  });

  app.post('/api/v2/incidents/:uuid/handle', async (c) => {
    const incident = target(c);
    const body = await readBody(c, Bodies.handleIncident);
    handle(db, events, incident, c.get('user'), body.outcome, body.note ?? null);
    return c.json(answer(c, incident.uuid));
  });
}
