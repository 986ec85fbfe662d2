/** Projects, sites and systems. */
import type { ProjectSummary } from '../../../src/core/api/contract.ts';
import { memberProject, memberSite, permissionsOn, READABLE_PROJECTS, sortPermissions, type ProjectRow, type SiteRow } from '../access.ts';
import { controlRoomOf } from '../control-room.ts';
import { projectHealth, siteHealth } from '../health.ts';
import { notFound, type App, type Ctx, type Deps } from '../http.ts';
import { siteView, systemView } from '../views.ts';

/** `filter[systemtype]`, if given. */
const systemType = (c: Ctx): string | undefined => c.req.query('filter[systemtype]') || undefined;

export function projectRoutes(app: App, { db, frames }: Deps): void {
  app.get('/api/v2/projects', (c) => {
    const user = c.get('user');
    const rows = db.all<ProjectRow & { permissions: string; sites_count: number; systems_count: number; evacuation_active: number }>(
      `SELECT p.uuid, p.name, p.description, m.permissions,
         (SELECT COUNT(*) FROM sites s WHERE s.project_uuid = p.uuid) AS sites_count,
         (SELECT COUNT(*) FROM systems y JOIN sites s ON s.uuid = y.site_uuid WHERE s.project_uuid = p.uuid AND y.type = 'UFO') AS systems_count,
         EXISTS (SELECT 1 FROM evacuations e WHERE e.status = 'active' AND (
           (e.scope = 'project' AND e.target_uuid = p.uuid)
           OR (e.scope = 'site' AND e.target_uuid IN (SELECT uuid FROM sites s WHERE s.project_uuid = p.uuid)))) AS evacuation_active
       FROM projects p JOIN memberships m ON m.project_uuid = p.uuid AND m.user_id = ?
       WHERE p.uuid IN ${READABLE_PROJECTS}
       ORDER BY p.position, p.name`,
      user.id,
      user.id,
    );
    const now = Date.now();
    const data: (ProjectSummary & { health: ReturnType<typeof projectHealth> })[] = rows.map((r) => ({
      uuid: r.uuid,
      name: r.name,
      ...(r.description ? { description: r.description } : {}),
      permissions: sortPermissions(JSON.parse(r.permissions) as string[]),
      sites_count: r.sites_count,
      systems_count: r.systems_count,
      evacuation_active: r.evacuation_active === 1,
      // What needs attention, so the home page needs no call per project (docs/product.md).
      health: projectHealth(db, r.uuid, now),
      // Whom to call about it: the portal's Help menu lists each control room once.
      control_room: { ...controlRoomOf(db, r.uuid) },
    }));
    return c.json({ data, meta: { total: data.length } });
  });

  app.get('/api/v2/projects/:uuid', (c) => {
    const { project, permissions } = memberProject(db, c.get('user'), c.req.param('uuid'));
    const type = systemType(c);
    const sites = db.all<SiteRow>('SELECT * FROM sites WHERE project_uuid = ? ORDER BY position, name', project.uuid);
    return c.json({
      data: {
        uuid: project.uuid,
        name: project.name,
        ...(project.description ? { description: project.description } : {}),
        permissions,
        // Each site's health counts all its systems, whatever `filter[systemtype]` lists.
        sites: sites.map((s) => ({ ...siteView(db, s, type), health: siteHealth(db, s) })),
        control_room: controlRoomOf(db, project.uuid),
      },
    });
  });

  app.get('/api/v2/sites/:uuid', (c) => {
    const { site, project, permissions } = memberSite(db, c.get('user'), c.req.param('uuid'));
    return c.json({ data: { ...siteView(db, site, systemType(c)), project: { uuid: project.uuid, name: project.name, permissions } } });
  });

  app.get('/api/v2/systems/:uuid', (c) => {
    const user = c.get('user');
    const row = db.get<{
      uuid: string;
      site_uuid: string;
      name: string;
      type: string;
      online: number;
      site_name: string;
      site_timezone: string;
      project_uuid: string;
      project_name: string;
    }>(
      `SELECT y.*, s.name AS site_name, s.timezone AS site_timezone, s.project_uuid, p.name AS project_name FROM systems y
       JOIN sites s ON s.uuid = y.site_uuid JOIN projects p ON p.uuid = s.project_uuid WHERE y.uuid = ?`,
      c.req.param('uuid'),
    );
    if (!row || !permissionsOn(db, user, row.project_uuid)) throw notFound('system');
    return c.json({
      data: {
        ...systemView(db, row),
        // Since when it is offline (its cameras' last frame), null while online.
        offline_since: offlineSince(frames.stoppedAt(row.uuid, row.online === 1), row.online === 1),
        project_uuid: row.project_uuid,
        // Where it sits, for the breadcrumbs Projects › project › site › system.
        project: { uuid: row.project_uuid, name: row.project_name },
        // Its site's zone too: its images' times are told on the site's clock (docs/product.md#times).
        site: { uuid: row.site_uuid, name: row.site_name, timezone: row.site_timezone },
      },
    });
  });
}

function offlineSince(stoppedAt: number | null, online: boolean): string | null {
  return online || stoppedAt === null ? null : new Date(stoppedAt).toISOString();
}
