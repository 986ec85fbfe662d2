import type { APIRequestContext, APIResponse } from '@playwright/test';
import { Answers, parse, type CurrentUser } from '../../../src/core/api/contract.ts';
import { SEED_PASSWORD } from '../../../demo/server/seed-ids.ts';

/**
 * The demo server from a test's point of view: its test hooks (enabled by
 * VIGIL_TEST_HOOKS=1, which playwright.config.ts sets) and sign-in through the API.
 * Paths are relative to the config's baseURL. Every call throws on a non-2xx answer,
 * with the status and body in the message.
 */
export class DemoApi {
  readonly request: APIRequestContext;

  constructor(request: APIRequestContext) {
    this.request = request;
  }

  /** Status of `HEAD /api/ping` (204 when the server is up). */
  async ping(): Promise<number> {
    const res = await this.request.head('/api/ping', { failOnStatusCode: false });
    return res.status();
  }

  /** `POST /__test/reset`: drops every change and reseeds the built-in data. */
  async reset(): Promise<void> {
    await this.call('POST', '/__test/reset');
  }

  /** `POST /__test/expire-tokens`: every issued token stops working (next call → 401). */
  async expireTokens(): Promise<void> {
    await this.call('POST', '/__test/expire-tokens');
  }

  /**
   * `GET /__test/last-reset-link`: the link of the last password-reset mail "sent" by
   * forgot-password (`{ data: link | null }`), or null when there is none.
   */
  async lastResetLink(): Promise<string | null> {
    const body = (await (await this.call('GET', '/__test/last-reset-link')).json()) as { data?: unknown };
    return typeof body.data === 'string' && body.data ? body.data : null;
  }

  /**
   * `POST /__test/bulk-inbox`: adds generated incidents (to the user's projects' sites)
   * and notifications (to the user), for long-list tests. Returns the counts added.
   */
  async bulkInbox(options: {
    email: string;
    incidents?: number;
    notifications?: number;
  }): Promise<{ incidents: number; notifications: number }> {
    const body = (await (await this.call('POST', '/__test/bulk-inbox', options)).json()) as {
      data: { incidents: number; notifications: number };
    };
    return body.data;
  }

  /** `POST /__test/incident`: one incident that happens now (on `site`, or a site of `email`'s projects). */
  async createIncident(options: {
    email?: string;
    site?: string;
    severity?: 'low' | 'medium' | 'high' | 'critical';
    title?: string;
  }): Promise<{
    uuid: string;
    title: string;
    severity: string;
    site: { uuid: string; name: string };
    occurred_at: string;
  }> {
    return ((await (await this.call('POST', '/__test/incident', options)).json()) as { data: never }).data;
  }

  /**
   * `POST /__test/incident/handle`: the control room handles an open incident now (by `by`, a
   * member of its project, or one of the project's usual handlers); the server publishes
   * `incident_handled` to the project's readers. `changed` is false when it was handled already.
   */
  async handleIncident(uuid: string, by?: string): Promise<{ uuid: string; handled_by: string; changed: boolean }> {
    const body = by === undefined ? { uuid } : { uuid, by };
    return ((await (await this.call('POST', '/__test/incident/handle', body)).json()) as { data: never }).data;
  }

  /**
   * The open-incidents count the server answers `email` (`meta.total` of
   * `GET /api/v2/incidents?filter[open]=true&per_page=1`), with a sign-in of its own.
   */
  async openIncidents(email: string): Promise<number> {
    const user = await this.login(email);
    const res = await this.request.get('/api/v2/incidents', {
      params: { 'filter[open]': 'true', per_page: 1 },
      headers: { Authorization: `Bearer ${user.token}` },
    });
    if (!res.ok()) throw new Error(`GET /api/v2/incidents?filter[open]=true answered ${res.status()}`);
    return parse(Answers.incidents, await res.json()).meta.total;
  }

  /** `POST /__test/notification`: one unread notification for `email`, created now. */
  async createNotification(email: string): Promise<{ uuid: string; title: string; created_at: string }> {
    return ((await (await this.call('POST', '/__test/notification', { email })).json()) as { data: never }).data;
  }

  /**
   * `POST /__test/camera-delay`: a system's (or demo live view's) cameras serve the frame
   * taken `ageSeconds` ago from now on; null: live again.
   */
  async cameraDelay(system: string, ageSeconds: number | null): Promise<void> {
    await this.call('POST', '/__test/camera-delay', { system, age_seconds: ageSeconds });
  }

  /**
   * Signs in through the API (`POST /api/v2/user/login`) and returns the user with its
   * token: what the portal stores in localStorage under `auth.currentUser`.
   */
  async login(email: string, password: string = SEED_PASSWORD): Promise<CurrentUser> {
    const res = await this.call('POST', '/api/v2/user/login', { email, password, device_name: 'e2e' });
    const { data } = parse(Answers.login, await res.json());
    if (!data.token) throw new Error(`login of ${email} answered without a token`);
    return data as CurrentUser;
  }

  /** Any call, throwing unless the status is 2xx or listed in `allow`. */
  async call(method: string, path: string, data?: unknown, allow: number[] = []): Promise<APIResponse> {
    const res = await this.request.fetch(path, {
      method,
      data,
      headers: data === undefined ? {} : { 'content-type': 'application/json' },
      failOnStatusCode: false,
    });
    if (!res.ok() && !allow.includes(res.status())) {
      const text = (await res.text().catch(() => '')).slice(0, 500);
      const hint =
        res.status() === 404 && path.startsWith('/__test/') ? ' (are the test hooks enabled? the server needs VIGIL_TEST_HOOKS=1)' : '';
      throw new Error(`${method} ${path} answered ${res.status()}${hint}: ${text}`);
    }
    return res;
  }
}
