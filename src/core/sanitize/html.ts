/**
 * The one sanitizer of server HTML (README "Security"), for notification bodies and
 * content pages: a private DOMPurify instance and the `vigil` Trusted Types policy, both
 * in this closure and nowhere else.
 *
 * - The policy signs only while this sanitizer runs (DOMPurify hands it the input to parse
 *   into an inert document and its cleaned output): called from anywhere else it throws.
 *   It has no script-URL rule at all.
 * - Two copies of the suite on one page share the first copy's sanitizer (through the
 *   page registry), because a CSP that names `vigil` once lets only one policy of that
 *   name exist. What the registry exposes is this function, which only ever returns
 *   sanitized markup; neither the policy nor the DOMPurify instance is reachable.
 * - Where the page's CSP does not allow `vigil`, DOMPurify's own private `dompurify`
 *   policy is used instead; without Trusted Types the answer is a plain string.
 */
import DOMPurify, { type Config } from 'dompurify';
import { CONFIG as APP_CONFIG } from '../config/config.ts';
import { shared } from '../shared.ts';

export type HtmlProfile = 'notification' | 'page';

/** Absolute http(s) and mailto URLs only: no relative, javascript:, data:, vbscript:, … */
export const ALLOWED_LINK = /^(?:https?|mailto):/i;

/**
 * Content pages may also link phone numbers (the emergency number on the contact page) as
 * `tel:` followed by digits, spaces, dots, dashes, parentheses and a leading +. Notifications
 * may not: a notification is not the place to be told to call a number.
 */
export const PAGE_LINK = /^(?:(?:https?|mailto):|tel:\+?[\d\s().-]+$)/i;

/** Content pages keep a few text tags more than notifications. */
export const PAGE_TAGS = ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'b', 'i', 'strong', 'em', 'a', 'br'] as const;

const COMMON = {
  // `href` on links; nothing else anywhere (no class or style: the server's markup must
  // not restyle or overlay our UI).
  ALLOWED_ATTR: ['href'],
  // Without these two, DOMPurify lets every data-* and aria-* attribute through.
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: ALLOWED_LINK,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Text of removed wrappers stays readable; script/style/template contents are dropped
  // by DOMPurify's FORBID_CONTENTS defaults.
  KEEP_CONTENT: true,
} satisfies Config;

const PROFILES: Record<HtmlProfile, Config> = {
  notification: { ...COMMON, ALLOWED_TAGS: [...APP_CONFIG.allowedNotificationTags] },
  page: { ...COMMON, ALLOWED_TAGS: [...PAGE_TAGS], ALLOWED_URI_REGEXP: PAGE_LINK },
};

type Sanitizer = ((html: string, profile: HtmlProfile) => TrustedHTML | string) & {
  /** The portal's service worker URL, signed by the policy (the only script URL it signs). */
  readonly workerScriptUrl?: () => string;
};

/** The one script URL the `vigil` policy signs: the portal's service worker (docs/push.md). */
export const SERVICE_WORKER_URL = '/sw.js';

interface PolicyFactory {
  createPolicy(
    name: string,
    rules: { createHTML(input: string): string; createScriptURL(input: string): string },
  ): NonNullable<Config['TRUSTED_TYPES_POLICY']>;
}

function createSanitizer(): Sanitizer {
  let signing = false;
  let profile: HtmlProfile = 'notification';
  let policy: Config['TRUSTED_TYPES_POLICY'] | undefined;
  const tt = (globalThis as { trustedTypes?: PolicyFactory }).trustedTypes;
  try {
    policy = tt?.createPolicy('vigil', {
      createHTML(input: string): string {
        if (!signing) throw new TypeError('Vigil: the vigil policy signs only what its sanitizer produced.');
        return input;
      },
      createScriptURL(input: string): string {
        if (input !== SERVICE_WORKER_URL) throw new TypeError('Vigil: the vigil policy signs no script URL but the service worker’s.');
        return input;
      },
    });
  } catch {
    policy = undefined; // not allowed by this page's CSP: DOMPurify's private policy instead
  }

  const purifier = DOMPurify(window);
  // Links that survived filtering open without opener or referrer; notification links and
  // web links of content pages in a new tab. Only sets attributes: no re-sanitizing.
  purifier.addHook('afterSanitizeAttributes', (node: Element) => {
    if (node.nodeName !== 'A' || !node.hasAttribute('href')) return;
    if (profile === 'notification') node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
    if (profile === 'page' && /^https?:/i.test(node.getAttribute('href') ?? '')) node.setAttribute('target', '_blank');
  });

  const sanitize = (html: string, which: HtmlProfile): TrustedHTML | string => {
    const config = PROFILES[which];
    // No DOM to sanitize with (or an unknown profile): show nothing rather than raw HTML.
    if (!purifier.isSupported || !config) return '';
    profile = which;
    signing = true;
    try {
      return purifier.sanitize(String(html), { ...config, RETURN_TRUSTED_TYPE: true, ...(policy ? { TRUSTED_TYPES_POLICY: policy } : {}) });
    } finally {
      signing = false;
    }
  };
  // A TrustedScriptURL where the browser has Trusted Types; typed as the string the DOM's
  // `register()` declares, which is what it stands for everywhere else.
  const workerScriptUrl = (): string =>
    policy ? (policy as unknown as { createScriptURL(url: string): string }).createScriptURL(SERVICE_WORKER_URL) : SERVICE_WORKER_URL;
  return Object.freeze(Object.assign(sanitize, { workerScriptUrl }));
}

/** The service worker's URL as `navigator.serviceWorker.register` takes it under Trusted Types. */
export function serviceWorkerScriptUrl(): string {
  return shared('sanitize.html.v1', createSanitizer).workerScriptUrl?.() ?? SERVICE_WORKER_URL;
}

/** Sanitizes server HTML with one of the two profiles; a TrustedHTML where the browser has Trusted Types. */
export function sanitizeHtml(html: string, profile: HtmlProfile): TrustedHTML | string {
  return shared('sanitize.html.v1', createSanitizer)(html, profile);
}
