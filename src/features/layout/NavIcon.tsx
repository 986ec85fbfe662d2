/** The navigation's icons (shown above the names on phones): decorative, the pill is named by its text. */
const PATHS = {
  // A building with windows: the projects and their sites.
  projects: 'M4 17V4.5l7-2v14.5M11 7.5l5 1.8V17M2.5 17h15M6.5 6.5h2M6.5 9.5h2M6.5 12.5h2M13.5 11.5h0.5M13.5 14h0.5',
  // A tray with a slot: the inbox.
  inbox: 'M2.5 11.5 5 4h10l2.5 7.5V16h-15Zm0 0h4.2l1 2h4.6l1-2h4.2',
  // A question mark in a circle: help.
  help: 'M10 17.5a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15ZM7.7 7.9a2.4 2.4 0 1 1 3.3 2.2c-.6.3-1 .8-1 1.4v.4M10 14.2h.01',
} as const;

export function NavIcon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg className="pill-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
