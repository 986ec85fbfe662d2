/** Helpers for the server's tests: a seeded in-memory app and a small request function. */
import { createApp, type AppOptions, type VigilApp } from './app.ts';
import { openDb } from './db.ts';
import { seed } from './seed.ts';

export type TestApp = VigilApp & { logs: string[] };

/** A fresh, seeded `:memory:` database behind a new app (test hooks on, logs captured). */
export function testApp(options: Partial<AppOptions> = {}): TestApp {
  const db = options.db ?? openDb(':memory:');
  if (!options.db) seed(db, options.fixture);
  const logs: string[] = [];
  const app = createApp({ testHooks: true, publicUrl: 'http://vigil.test', log: (l) => logs.push(l), ...options, db });
  return Object.assign(app, { logs });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely unless they name a type
export type Answer<T = any> = { status: number; body: T; headers: Headers; raw: Response };

type RequestOptions = {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** The client's socket address, as the Node server would see it (default: none, read as 'local'). */
  address?: string;
};

/** Sends one request; parses JSON answers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Answer: tests name a type only where it helps
export async function call<T = any>(app: VigilApp, method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] ??= 'application/json';
  const env = options.address === undefined ? undefined : { incoming: { socket: { remoteAddress: options.address } } };
  const raw = await app.request(path, { method, headers, body }, env);
  const type = raw.headers.get('Content-Type') ?? '';
  const parsed = type.includes('application/json') ? await raw.clone().json() : undefined;
  return { status: raw.status, body: parsed as T, headers: raw.headers, raw };
}

/** Signs in and returns the bearer token. */
export async function login(app: VigilApp, email: string, password = 'vigil-demo'): Promise<string> {
  const res = await call(app, 'POST', '/api/v2/user/login', { body: { email, password, device_name: 'vitest' } });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token as string;
}
