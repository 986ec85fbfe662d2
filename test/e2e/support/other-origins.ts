/**
 * Real servers on other loopback ports, for pages and APIs on another origin than the
 * demo server (a page fulfilled by `page.route()` under a made-up host would count as a
 * public site and be refused access to loopback, so it would fail for the wrong reason).
 * Their ports are chosen once in playwright.config.ts; the demo server's CORS allow-list
 * names the integrator origin.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** The origin of integrators' pages (allowed by the demo server's CORS). */
export function integratorOrigin(): string {
  return `http://127.0.0.1:${requiredPort('VIGIL_E2E_HOST_PORT')}`;
}

/** An origin standing for some other API, which must never receive a token. */
export function foreignOrigin(): string {
  return `http://127.0.0.1:${requiredPort('VIGIL_E2E_FOREIGN_PORT')}`;
}

function requiredPort(name: string): number {
  const port = Number(process.env[name]);
  if (!port) throw new Error(`${name} is not set: run the e2e tests through playwright.config.ts`);
  return port;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
}

export interface OriginServer {
  origin: string;
  /** Every request the server received, in order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Serves `handler` on `origin` (one of the two above) until `close()`. */
export async function serveOn(origin: string, handler: Handler): Promise<OriginServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', authorization: req.headers.authorization });
    handler(req, res);
  });
  const { hostname, port } = new URL(origin);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port), hostname, resolve);
  });
  return {
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with `body` as HTML (no framing or CSP headers unless given). */
export function html(res: ServerResponse, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}
