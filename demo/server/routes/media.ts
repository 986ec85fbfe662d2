/** Camera frames, incident stills, and the public demo live view. */
import type { DemoLiveView } from '../../../src/core/api/contract.ts';
import { READABLE_PROJECTS } from '../access.ts';
import { notFound, type App, type Ctx, type Deps } from '../http.ts';

const jpegResponse = (c: Ctx, frame: Buffer, takenAt?: number): Response =>
  c.body(new Uint8Array(frame), 200, {
    'Content-Type': 'image/jpeg',
    'Cache-Control': 'no-store',
    'Content-Length': String(frame.length),
    ...(takenAt === undefined ? {} : { 'X-Frame-Time': new Date(takenAt).toISOString() }),
  });

/**
 * A camera's latest frame, stamped with the time it was taken (docs/product.md#camera-frames):
 * the current second's while its system sends, else the last one before it stopped.
 */
function cameraFrame(
  c: Ctx,
  frames: Deps['frames'],
  camera: { uuid: string; name: string; timezone: string },
  stopped: number | null,
): Response {
  const at = Math.floor((stopped ?? Date.now()) / 1000) * 1000;
  return jpegResponse(c, frames.live(camera.uuid, camera.name, camera.timezone, at, stopped !== null), at);
}

export const demoMediaUrl = (view: string, camera: string): string => `/api/public/v1/demo-live-views/${view}/media/${camera}`;

export function mediaRoutes(app: App, { db, frames }: Deps): void {
  app.get('/api/v2/media/:uuid', (c) => {
    const user = c.get('user');
    const uuid = c.req.param('uuid');
    const camera = db.get<{ name: string; timezone: string; system: string; online: number }>(
      `SELECT c.name, s.timezone, y.uuid AS system, y.online FROM cameras c JOIN systems y ON y.uuid = c.system_uuid JOIN sites s ON s.uuid = y.site_uuid
       WHERE s.project_uuid IN ${READABLE_PROJECTS} AND c.uuid = ?`,
      user.id,
      uuid,
    );
    if (camera) return cameraFrame(c, frames, { uuid, ...camera }, frames.stoppedAt(camera.system, camera.online === 1));
    const media = db.get<{ position: number; occurred_at: string; title: string; timezone: string | null; camera: string | null }>(
      `SELECT im.position, i.occurred_at, i.title, s.timezone,
         (SELECT c.name FROM cameras c WHERE c.system_uuid = i.system_uuid ORDER BY c.position LIMIT 1) AS camera
       FROM incident_media im JOIN incidents i ON i.uuid = im.incident_uuid
       LEFT JOIN sites s ON s.uuid = i.site_uuid WHERE i.project_uuid IN ${READABLE_PROJECTS} AND im.uuid = ?`,
      user.id,
      uuid,
    );
    if (!media) throw notFound('media');
    // Stills are a few seconds apart, around the moment of the incident.
    const at = new Date(Date.parse(media.occurred_at) + media.position * 4000);
    return jpegResponse(c, frames.still(uuid, media.camera ?? media.title, media.timezone ?? 'UTC', at));
  });

  app.get('/api/public/v1/demo-live-views/:uuid', (c) => {
    const view = db.get<{ uuid: string; name: string; system_name: string; online: number }>(
      'SELECT * FROM demo_live_views WHERE uuid = ?',
      c.req.param('uuid'),
    );
    if (!view) throw notFound('demoLiveView');
    const cameras = db.all<{ uuid: string; name: string }>(
      'SELECT uuid, name FROM demo_cameras WHERE view_uuid = ? ORDER BY position',
      view.uuid,
    );
    const data: DemoLiveView = {
      uuid: view.uuid,
      name: view.name,
      system: {
        name: view.system_name,
        online: view.online === 1,
        cameras: cameras.map((cam) => ({ uuid: cam.uuid, name: cam.name, media_url: demoMediaUrl(view.uuid, cam.uuid) })),
      },
    };
    return c.json({ data });
  });

  app.get('/api/public/v1/demo-live-views/:uuid/media/:camera', (c) => {
    const cam = db.get<{ uuid: string; name: string; timezone: string; view: string; online: number }>(
      'SELECT c.uuid, c.name, v.timezone, v.uuid AS view, v.online FROM demo_cameras c JOIN demo_live_views v ON v.uuid = c.view_uuid WHERE v.uuid = ? AND c.uuid = ?',
      c.req.param('uuid'),
      c.req.param('camera'),
    );
    if (!cam) throw notFound('media');
    return cameraFrame(c, frames, cam, frames.stoppedAt(cam.view, cam.online === 1));
  });
}
