/**
 * The Content-Security-Policy of the demo server's HTML pages: the strict policy the
 * cross-origin example gives integrators (examples/cross-origin/headers.ts), with the portal
 * page's inline head (its early requests, colour scheme and frame) allowed by the hashes of
 * exactly that text.
 */
import { strictCsp } from '../../examples/cross-origin/headers.ts';
import { EARLY_SCRIPT_HASH, PORTAL_STYLE_HASH, THEME_SCRIPT_HASH } from './routes/static.ts';

// The portal page's inline head, by the hashes of exactly its text.
const SCRIPTS = [EARLY_SCRIPT_HASH, THEME_SCRIPT_HASH];
const STYLES = [PORTAL_STYLE_HASH];
export const CSP = strictCsp({ script: SCRIPTS, style: STYLES });

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
  return policy ? strictCsp({ script: SCRIPTS, style: STYLES, trustedTypes: [policy] }) : CSP;
}
