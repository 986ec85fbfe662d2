/**
 * The response headers an integrator's page should send (README "For integrators",
 * "Security"), for a page on `pageOrigin` whose Vigil API (and bundles) are on `apiOrigin`:
 * a strict CSP with Trusted Types that lets the suite load and talk to its API, and no
 * framing by other origins (clickjacking).
 */
export function integratorHeaders(apiOrigin: string): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${apiOrigin}`,
    "style-src 'self'",
    `img-src 'self' blob: data:`,
    `connect-src 'self' ${apiOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    "require-trusted-types-for 'script'",
    'trusted-types vigil dompurify',
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}
