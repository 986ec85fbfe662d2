/**
 * An incident and a system name their site's time zone, so the portal can tell an incident's
 * or a camera image's time on the site's clock (docs/product.md#times): in the incidents list
 * and on each answer.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Answers, parse } from '../../src/core/api/contract.ts';
import { SITES } from './seed-ids.ts';
import { call, login, testApp, type TestApp } from './testing.ts';

let app: TestApp;
let manager: string;
beforeEach(async () => {
  app = testApp();
  manager = await login(app, 'manager@vigil.test');
});

describe("an incident's site carries its time zone", () => {
  it('in the list, each site with the zone it is stored with', async () => {
    const res = await call(app, 'GET', `/api/v2/incidents?per_page=100&filter[site]=${SITES.newarkDataHall}`, { token: manager });
    expect(res.status).toBe(200);
    const { data } = parse(Answers.incidents, res.body);
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((i) => i.site?.timezone === 'America/New_York')).toBe(true);
    const all = parse(Answers.incidents, (await call(app, 'GET', '/api/v2/incidents?per_page=100', { token: manager })).body).data;
    const zones = app.deps.db.all<{ uuid: string; timezone: string }>('SELECT uuid, timezone FROM sites');
    for (const incident of all.filter((i) => i.site))
      expect(incident.site?.timezone).toBe(zones.find((s) => s.uuid === incident.site?.uuid)?.timezone);
  });

  it('on one incident', async () => {
    const list = parse(
      Answers.incidents,
      (await call(app, 'GET', `/api/v2/incidents?filter[site]=${SITES.newarkDataHall}`, { token: manager })).body,
    );
    const one = await call(app, 'GET', `/api/v2/incidents/${list.data[0]!.uuid}`, { token: manager });
    expect(one.status).toBe(200);
    expect(parse(Answers.incident, one.body).data.site?.timezone).toBe('America/New_York');
  });
});

describe("a system's site carries its time zone", () => {
  it('on GET /api/v2/systems/{uuid}', async () => {
    const site = parse(Answers.site, (await call(app, 'GET', `/api/v2/sites/${SITES.newarkDataHall}`, { token: manager })).body).data;
    const res = await call(app, 'GET', `/api/v2/systems/${site.systems[0]!.uuid}`, { token: manager });
    expect(res.status).toBe(200);
    expect(parse(Answers.system, res.body).data.site?.timezone).toBe('America/New_York');
  });
});
