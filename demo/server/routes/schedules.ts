/** Security-hours schedules: one week applied to several sites of a project at once. */
import { Bodies, type SiteScheduleResult } from '../../../src/core/api/contract.ts';
import { scheduleEditableProject, type SiteRow } from '../access.ts';
import { ApiError, readBody, type App, type Deps } from '../http.ts';
import { text, type ErrorItem } from '../messages.ts';
import { isValidTimeZone, scheduleErrors } from '../schedule.ts';
import { scheduleOf } from '../views.ts';
import { logScheduleChanged } from '../activity-events.ts';

export function scheduleRoutes(app: App, { db }: Deps): void {
  app.post('/api/public/v3/projects/:uuid/update-site-schedules', async (c) => {
    const project = scheduleEditableProject(db, c.get('user'), c.req.param('uuid'));
    const body = await readBody(c, Bodies.updateSiteSchedules);
    const errors: ErrorItem[] = [];
    const siteUuids = [...new Set(body.siteUuids)];
    const sites = siteUuids.map((uuid) => db.get<SiteRow>('SELECT * FROM sites WHERE uuid = ? AND project_uuid = ?', uuid, project.uuid));
    const foreign = siteUuids.filter((_, i) => !sites[i]);
    if (foreign.length) errors.push({ field: 'siteUuids', text: text('schedule.foreignSites', { sites: foreign.join(', ') }) });
    errors.push(...scheduleErrors(body.schedule.days));
    if (body.timezone !== undefined && !isValidTimeZone(body.timezone)) {
      errors.push({ field: 'timezone', text: text('schedule.timezoneInvalid') });
    }
    if (errors.length) throw new ApiError(422, errors);

    // Exactly what was sent, intervals reduced to their two fields.
    const days = JSON.stringify(body.schedule.days.map((day) => day.map(({ from, to }) => ({ from, to }))));
    const result: SiteScheduleResult = db.transaction(() => ({
      sites: (sites as SiteRow[]).map((site) => {
        const timezone = body.timezone ?? site.timezone;
        db.run('UPDATE sites SET schedule = ?, timezone = ? WHERE uuid = ?', days, timezone, site.uuid);
        logScheduleChanged(db, c.get('user'), site, days, timezone);
        return { uuid: site.uuid, name: site.name, schedule: scheduleOf(db, { uuid: site.uuid, timezone, schedule: days }) };
      }),
    }));
    return c.json({ data: result });
  });
}
