/** Endpoints for end-to-end tests, mounted only with VIGIL_TEST_HOOKS=1. */
import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as v from 'valibot';
import { SEVERITIES } from '../../../src/core/api/contract.ts';
import type { SiteRow } from '../access.ts';
import { invalid, notFound, readBody, type App, type Deps } from '../http.ts';
import { text } from '../messages.ts';
import { createIncident, createNotification } from '../live.ts';
import { DAY } from '../seed-data/util.ts';

const Count = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000)), 0);
const BulkInbox = v.object({ email: v.pipe(v.string(), v.email()), incidents: Count, notifications: Count });

const NewIncident = v.object({
  email: v.optional(v.pipe(v.string(), v.email())),
  site: v.optional(v.pipe(v.string(), v.uuid())),
  severity: v.optional(v.picklist(SEVERITIES)),
  title: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
});
const NewNotification = v.object({ email: v.pipe(v.string(), v.email()) });
const HandleIncident = v.object({
  uuid: v.pipe(v.string(), v.uuid()),
  by: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
});
const SystemState = v.object({ system: v.pipe(v.string(), v.uuid()), online: v.boolean() });
const CameraDelay = v.object({
  system: v.pipe(v.string(), v.uuid()),
  age_seconds: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7 * 86_400))),
});

const TITLES = [
  'Motion detected at loading dock',
  'Person detected after hours',
  'Perimeter breach near fence',
  'Video signal lost',
  'Door forced open',
];

/** Runs a full garbage collection (V8's gc, reached without --expose-gc); false when it cannot. */
function collectGarbage(): boolean {
  try {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    return true;
  } catch {
    return false;
  }
}

export function testHookRoutes(app: App, deps: Deps): void {
  const { db } = deps;

  app.post('/__test/reset', (c) => {
    deps.reseed();
    deps.limiter.clearAll();
    deps.quotas.clearAll();
    deps.state.lastResetLink = undefined;
    deps.state.lastInviteLink = undefined;
    deps.frames.frozen.clear();
    return c.json({ data: { reset: true } });
  });

  app.post('/__test/expire-tokens', (c) => {
    const { changes } = db.run("UPDATE tokens SET expires_at = '1970-01-01T00:00:00.000Z'");
    return c.json({ data: { expired: changes } });
  });

  /**
   * Open event streams, the newest event id and the process's memory (bytes), for the
   * benchmark; `?gc=1` collects garbage first, so that memory is what is really held.
   */
  app.get('/__test/stats', (c) => {
    const collected = c.req.query('gc') === '1' && collectGarbage();
    const { rss, heapUsed } = process.memoryUsage();
    return c.json({
      data: { event_streams: deps.events.size, newest_event_id: deps.events.newestId(), memory: { rss, heap_used: heapUsed, collected } },
    });
  });

  /**
   * Ends every open event stream, as a restart of the server would (the log stays): the
   * clients reconnect and resume from their cursor.
   */
  app.post('/__test/events/drop', (c) => {
    const dropped = deps.events.size;
    deps.events.closeAll();
    return c.json({ data: { dropped } });
  });

  /** `{ data: url | null, meta?: { email, token } }` of the last forgot-password "mail". */
  app.get('/__test/last-reset-link', (c) => {
    const link = deps.state.lastResetLink;
    return c.json(link ? { data: link.url, meta: { email: link.email, token: link.token } } : { data: null });
  });

  /** `{ data: url | null, meta?: { email, token, project } }` of the last invitation "mail". */
  app.get('/__test/last-invite-link', (c) => {
    const link = deps.state.lastInviteLink;
    return c.json(link ? { data: link.url, meta: { email: link.email, token: link.token, project: link.project } } : { data: null });
  });

  /**
   * Adds one incident that happens now, like the live demo's: on `site`, or on a site of
   * `email`'s projects, or anywhere; `severity` and `title` override the generated ones.
   */
  app.post('/__test/incident', async (c) => {
    const body = await readBody(c, NewIncident);
    let userId: number | undefined;
    if (body.email) {
      const user = db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', body.email);
      if (!user) throw notFound('user');
      userId = user.id;
    }
    const made = createIncident(db, {
      events: deps.events,
      ...(userId === undefined ? {} : { userId }),
      ...(body.site ? { site: body.site } : {}),
      ...(body.severity ? { severity: body.severity } : {}),
      ...(body.title ? { title: body.title } : {}),
    });
    if (!made) throw invalid(body.site ? 'site' : 'email', text('testHooks.noSites'));
    return c.json({ data: made });
  });

  /** Adds one unread notification for `email`, created now, in every language. */
  app.post('/__test/notification', async (c) => {
    const body = await readBody(c, NewNotification);
    const user = db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', body.email);
    if (!user) throw notFound('user');
    return c.json({ data: createNotification(db, user.id, { events: deps.events }) });
  });

  /**
   * Marks an open incident handled now, as the control room does, and publishes
   * `incident_handled` so that open pages count one open incident less. `by` is the handler's
   * username and, as in the seed, a member of the incident's project; without it, the member
   * who handled most of the project's incidents so far (the seed's operators), else its first
   * member. An incident handled already keeps its handler: nothing changes, nothing is sent.
   */
  app.post('/__test/incident/handle', async (c) => {
    const body = await readBody(c, HandleIncident);
    const incident = db.get<{ uuid: string; project: string; handled_by: string | null }>(
      'SELECT uuid, project_uuid AS project, handled_by FROM incidents WHERE uuid = ?',
      body.uuid,
    );
    if (!incident) throw notFound('incident');
    if (incident.handled_by !== null) return c.json({ data: { uuid: incident.uuid, handled_by: incident.handled_by, changed: false } });
    const members = db.all<{ username: string }>(
      `SELECT u.username FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.project_uuid = ?
       ORDER BY (SELECT COUNT(*) FROM incidents i WHERE i.project_uuid = m.project_uuid AND i.handled_by = u.username) DESC, m.rowid`,
      incident.project,
    );
    const by = body.by ?? members[0]?.username;
    if (!by || !members.some((m) => m.username === by)) throw invalid('by', text('testHooks.notHandler', { username: by ?? '' }));
    db.run('UPDATE incidents SET handled_by = ? WHERE uuid = ? AND handled_by IS NULL', by, incident.uuid);
    deps.events.publish('incident_handled', { project: incident.project }, { uuid: incident.uuid, project: incident.project });
    return c.json({ data: { uuid: incident.uuid, handled_by: by, changed: true } });
  });

  /**
   * Takes a system online or offline, as its recorder connecting or losing its connection:
   * offline, its cameras keep the frame of this moment; online, they are live again. A
   * change publishes `system`; setting the state it already has changes nothing.
   */
  app.post('/__test/system', async (c) => {
    const body = await readBody(c, SystemState);
    const system = db.get<{ uuid: string; site: string; project: string; online: number }>(
      'SELECT y.uuid, y.site_uuid AS site, s.project_uuid AS project, y.online FROM systems y JOIN sites s ON s.uuid = y.site_uuid WHERE y.uuid = ?',
      body.system,
    );
    if (!system) throw notFound('system');
    const changed = (system.online === 1) !== body.online;
    if (changed) {
      db.run('UPDATE systems SET online = ? WHERE uuid = ?', body.online ? 1 : 0, system.uuid);
      if (body.online) deps.frames.frozen.delete(system.uuid);
      else deps.frames.frozen.set(system.uuid, Date.now());
      deps.events.publish(
        'system',
        { project: system.project },
        { uuid: system.uuid, site: system.site, project: system.project, online: body.online },
      );
    }
    return c.json({ data: { system: system.uuid, online: body.online, changed } });
  });

  /**
   * Stops a system's (or demo live view's) cameras: from now on they serve the frame taken
   * `age_seconds` ago, as a system whose images stopped coming would; null: live again.
   */
  app.post('/__test/camera-delay', async (c) => {
    const body = await readBody(c, CameraDelay);
    if (body.age_seconds === null) deps.frames.frozen.delete(body.system);
    else deps.frames.frozen.set(body.system, Date.now() - body.age_seconds * 1000);
    return c.json({ data: { system: body.system, age_seconds: body.age_seconds } });
  });

  /** Adds many generated incidents (to the user's projects) and notifications (to the user), in one transaction. */
  app.post('/__test/bulk-inbox', async (c) => {
    const body = await readBody(c, BulkInbox);
    const user = db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', body.email);
    if (!user) throw notFound('user');
    const sites = db.all<SiteRow>(
      'SELECT s.* FROM sites s JOIN memberships m ON m.project_uuid = s.project_uuid WHERE m.user_id = ?',
      user.id,
    );
    if (body.incidents && !sites.length) throw invalid('email', text('testHooks.noSites'));
    const now = Date.now();
    db.transaction(() => {
      const incident = db.statement(
        'INSERT INTO incidents (uuid, project_uuid, site_uuid, system_uuid, title, description, occurred_at, severity, handled_by) VALUES (?, ?, ?, NULL, ?, ?, ?, ?, NULL)',
      );
      for (let i = 0; i < body.incidents; i++) {
        const site = sites[i % sites.length]!;
        const at = new Date(now - ((i + 1) / (body.incidents + 1)) * 365 * DAY).toISOString();
        incident.run(
          randomUUID(),
          site.project_uuid,
          site.uuid,
          `${TITLES[i % TITLES.length]} (#${i + 1})`,
          `Generated incident ${i + 1} of ${body.incidents}.`,
          at,
          SEVERITIES[i % SEVERITIES.length]!,
        );
      }
      const notification = db.statement(
        'INSERT INTO notifications (uuid, user_id, created_at, read_at, title, body_html) VALUES (?, ?, ?, ?, ?, ?)',
      );
      for (let i = 0; i < body.notifications; i++) {
        const at = new Date(now - ((i + 1) / (body.notifications + 1)) * 365 * DAY).toISOString();
        notification.run(
          randomUUID(),
          user.id,
          at,
          i % 3 === 0 ? null : at,
          JSON.stringify({ en: `Generated notification #${i + 1}` }),
          JSON.stringify({ en: `Body of generated notification <b>#${i + 1}</b>.` }),
        );
      }
    });
    // Backdated items are no news (no incident or notification events), but the unread count changed.
    if (body.notifications) deps.events.unreadChanged(user.id);
    return c.json({ data: { incidents: body.incidents, notifications: body.notifications } });
  });
}
