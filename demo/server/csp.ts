/**
 * The Content-Security-Policy of the demo server's HTML pages: scripts and styles from the
 * origin only, the portal page's inline head (its early requests, colour scheme and frame)
 * by the hashes of exactly that text, and Trusted Types enforced with Vigil's policies.
 */
import { EARLY_SCRIPT_HASH, PORTAL_STYLE_HASH, THEME_SCRIPT_HASH } from './routes/static.ts';

export const CSP = [
  "default-src 'self'",
  // Scripts and styles from the origin, and the portal page's inline ones by their hashes.
  `script-src 'self' ${EARLY_SCRIPT_HASH} ${THEME_SCRIPT_HASH}`,
  `style-src 'self' ${PORTAL_STYLE_HASH}`,
  "img-src 'self' blob: data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  "require-trusted-types-for 'script'",
  'trusted-types vigil dompurify',
].join('; ');

/**
 * The Vue and Svelte example apps (examples/vue-app, examples/svelte-app) create their
 * framework's own Trusted Types policy, which their pages' CSP names next to Vigil's
 * (README "Vue 3", "Svelte 5"); every other page keeps the plain CSP.
 */
const FRAMEWORK_POLICIES: readonly (readonly [prefix: string, policy: string])[] = [
  ['/examples/vue-app/', 'vue'],
  ['/examples/svelte-app/', 'svelte-trusted-html'],
];

/** The CSP of the HTML page at `path`. */
export function cspFor(path: string): string {
  const policy = FRAMEWORK_POLICIES.find(([prefix]) => path.startsWith(prefix))?.[1];
  return policy ? CSP.replace('trusted-types vigil dompurify', `trusted-types vigil dompurify ${policy}`) : CSP;
}
