/**
 * A strict Content-Security-Policy: everything from the page's own origin and the sources
 * named (scripts, styles, the API), no plugins, no `<base>`, no framing by other origins,
 * and Trusted Types enforced with Vigil's policies (`vigil`, `dompurify`) and those named.
 */
export function strictCsp({
  script = [],
  style = [],
  connect = [],
  trustedTypes = [],
}: {
  script?: readonly string[];
  style?: readonly string[];
  connect?: readonly string[];
  trustedTypes?: readonly string[];
}): string {
  const self = (sources: readonly string[]) => ["'self'", ...sources].join(' ');
  return [
    "default-src 'self'",
    `script-src ${self(script)}`,
    `style-src ${self(style)}`,
    "img-src 'self' blob: data:",
    `connect-src ${self(connect)}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    "require-trusted-types-for 'script'",
    ['trusted-types vigil dompurify', ...trustedTypes].join(' '),
  ].join('; ');
}

/**
 * The response headers an integrator's page should send (README "For integrators",
 * "Security"), for a page on `pageOrigin` whose Vigil API (and bundles) are on `apiOrigin`:
 * a strict CSP with Trusted Types that lets the suite load and talk to its API, and no
 * framing by other origins (clickjacking).
 */
export function integratorHeaders(apiOrigin: string): Record<string, string> {
  const csp = strictCsp({ script: [apiOrigin], connect: [apiOrigin] });
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}
