/**
 * A readable name for the browser a session was signed in from ("Safari · iPhone"), read
 * once from the User-Agent at sign-in. Only for people to recognise their own sessions:
 * nothing decides anything on it (anyone can send any User-Agent).
 */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * "Chrome · Windows", "Safari · iPhone", "Firefox": names of products in no language, the
 * way the push device list names a browser; null when nothing is recognised.
 */
export function browserName(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const ua = userAgent.slice(0, 512);
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? null;
}

/** The socket's address as people read it: an IPv4 address mapped into IPv6 without its prefix; null when unknown. */
export function readableAddress(address: string): string | null {
  if (!address || address === 'local') return null;
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}
