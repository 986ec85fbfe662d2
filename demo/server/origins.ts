/**
 * Which origins and hosts the demo server answers: its own (the public URL and the
 * loopback names on its port), and those an option allows. The CORS allow-list and the
 * Host check (DNS rebinding) of app.ts read them.
 */

/** An origin as the browser sends it (`http://host:port`), or undefined for anything else. */
export function normalOrigin(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The server's own origins: its public URL, and localhost / 127.0.0.1 on the same port. */
export function ownOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const port = url.port ? `:${url.port}` : '';
  return [url.origin, `${url.protocol}//localhost${port}`, `${url.protocol}//127.0.0.1${port}`];
}

/** The port of a URL, the protocol's default when it names none. */
const portOf = (url: URL): string => url.port || (url.protocol === 'https:' ? '443' : '80');

/** `host[:port]` as compared: lower case, IPv6 in brackets; undefined when it is not a host. */
function parseHost(value: string, protocol: string): { hostname: string; port: string } | undefined {
  try {
    const url = new URL(`${protocol}//${value.trim()}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
    return { hostname: url.hostname.toLowerCase(), port: portOf(url) };
  } catch {
    return undefined;
  }
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether the server answers a request for `host` (hostname and port of the request URL,
 * which the Node adapter builds from the Host header): its public URL's host; the
 * loopback names on its public port or the port the connection came in on; or one of
 * `extra` (`name` for any port, `name:port` for that port).
 */
export function hostAllowed(requestUrl: string, publicUrl: string, localPort: number | undefined, extra: readonly string[]): boolean {
  const url = new URL(requestUrl);
  const hostname = url.hostname.toLowerCase();
  const port = portOf(url);
  const pub = new URL(publicUrl);
  if (hostname === pub.hostname.toLowerCase() && port === portOf(pub)) return true;
  if (LOOPBACK.includes(hostname) && (port === portOf(pub) || port === String(localPort))) return true;
  return extra.some((entry) => {
    const hasPort = /:\d+$/.test(entry.trim()) && !/^\[[^\]]*\]$/.test(entry.trim());
    const allowed = parseHost(entry, url.protocol);
    return allowed !== undefined && allowed.hostname === hostname && (!hasPort || allowed.port === port);
  });
}
