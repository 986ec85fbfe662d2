import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { entryFileName, loaders, type LoaderOptions } from './scripts/loaders.ts';
import { ROUTES } from './src/core/router/routes.ts';

/**
 * One entry per element file, plus `vigil` (elements/autoloader.ts): the script-tag entry that
 * imports each element's entry when its tag first appears. (`lib/vigil.js`, the library
 * build's, registers them all at once: vite.lib.config.ts.)
 */
const elementEntries = Object.fromEntries(
  readdirSync(resolve(import.meta.dirname, 'elements'))
    .filter((f) => /^vigil-[a-z-]+\.ts$/.test(f))
    .map((f) => [f.replace(/\.ts$/, ''), resolve(import.meta.dirname, 'elements', f)]),
);

/**
 * What every element needs, bundled as one chunk (`chunks/base-*.js`) instead of a dozen
 * small shared ones: one file to fetch and one gzip dictionary (about 2 KB gz less per page
 * than the automatic split). React, i18next and the small libraries, the core (session,
 * client, i18n, toasts, caches) and the element factory. Parts only some screens use (the
 * confirm dialog, the names of permissions, system types and time zones, the elision of names, signing in, choosing a language,
 * keeping answers for the next visit) or that no first paint shows
 * (the toasts' view, the "live updates paused" notice, a site's moment on its clock, the lists' filter bar and download) stay out, so a page does not pay for them up front; so do valibot and
 * the contract's schemas, which the client
 * loads with its first request (validate.ts), and the parts of catalogues (`en.json?<part>.part.json`)
 * that come with the code that shows them.
 */
const BASE =
  /node_modules\/(react|react-dom|scheduler|i18next|nanostores|@nanostores\/(react|persistent)|wretch|@r2wc)\/|src\/(core\/((api|browser|config|session|i18n|toasts|resources)\/|(shared|events)\.ts)|features\/common\/|ui\/)/;
const NOT_BASE =
  /src\/(ui\/(AlertDialog\.tsx|dialog\.css|ToastView\.tsx|toasts\.css|FilterBar\.tsx|filter-bar\.css)|core\/browser\/download\.ts|features\/common\/(InSlices\.tsx|ToastRegion\.tsx|LiveNotice\.tsx|liveNotice\.css|Link\.tsx|usePageTitle\.ts|SiteTime\.tsx)|core\/api\/(contract|schemas|schemas-account|schemas-primitives|schemas-schedule|answers|bodies|validate)\.ts|core\/i18n\/(codes|elision|names)\.ts|core\/session\/(sign-in|locale)\.ts|core\/resources\/persist\.ts)|\.json\?\w+\.part\.json$/;
const inBase = (id: string) => BASE.test(id) && !NOT_BASE.test(id);

/**
 * What `<vigil-evacuation>` paints first (the loading card, its styles and English) as one
 * chunk: the control itself loads lazily, and four tiny chunks cost more gzip than one.
 */
const EVACUATION_CARD =
  /src\/features\/evacuation\/(LazyEvacuationControl\.tsx|EvacuationLoading\.tsx|EvacuationSkeleton\.tsx|evacuation\.css|messages\/(bundled\.ts|en\.json$))/;

/**
 * The portal's chrome shared with other elements, as one chunk beside the base (not in it:
 * an element on its own page needs none of it): in-page navigation (routes, history,
 * links, page titles), which the portal and its pages need, and the parts of the header
 * that other elements also show — the language picker (with the layout's English and the
 * choice's saving, session/locale.ts), the
 * time zones' names (core/i18n/names.ts: the project, site, schedule and activity pages; in the
 * base every element paid for them, as a chunk of their own each such page 0.7 KB gz), the logo (the sign-in card) and the unread count's live updates (the inbox, the badge).
 * Five small chunks on the portal's first load (these four and the colour scheme, now in the
 * entry: see PORTAL) cost about 0.9 KB gz more than this one
 * file; an element that shows only one of them loads the others too (about 1.8 KB gz,
 * with its toasts or its sign-in card, which link in place).
 */
const CHROME =
  /src\/(core\/router\/(routes|navigation|history-index|leave-gates)\.ts|core\/session\/locale\.ts|core\/i18n\/names\.ts|features\/common\/(Link\.tsx|usePageTitle\.ts)|features\/layout\/(LanguagePicker\.tsx|languagePicker\.css|Logo\.tsx|messages\/bundled\.ts)|features\/inbox\/useLive\.ts)/;

/**
 * The portal's own first load (its layout and styles, router and guards, the 'More' pages
 * list, the colour scheme) kept in its entry file: the bundler would otherwise split out the modules its lazy
 * pages also import (guards, content) as small chunks of their own, each a file and a gzip
 * dictionary more (about 0.6 KB gz on the portal's first load). Those pages then import
 * them from the entry, which the portal has loaded. Nothing another element imports
 * belongs here (it would pull in the whole portal), and the group takes no dependencies
 * along: the base and the chrome stay where they are.
 */
const PORTAL =
  /(elements\/vigil-portal\.ts|src\/(features\/common\/InSlices\.tsx|features\/layout\/(Portal|Layout|Header|NavPills|NavIcon|menuDialog|UserMenu|LoadingView|CrashedView|TimeoutPage|PageErrorBoundary|PageOutlet|screens|lazy-page|useRouteFocus|useHeaderMenu)\.tsx?|features\/layout\/(layout|states)\.css\?inline|core\/router\/(portal-router|page-loading|guards)\.ts|core\/(content\/content|theme\/theme)\.ts)|node_modules\/@nanostores\/router\/index\.js)$/;

/**
 * The answers' validation as one chunk: validate.ts, the schemas, the contract and valibot
 * always load together (with a page's first request), and as four files they were four of
 * the requests an element's first screen queues for one of the browser's six connections.
 */
const VALIDATION = /src\/core\/api\/(validate|answers|contract|bodies|schemas|schemas-account|schemas-primitives|schemas-schedule)\.ts$/;

/**
 * What the evacuation control and the page-wide bar both read (the statuses, their polling
 * and derived state, the icons, the DRILL label) as one chunk, and the control with its
 * buttons as another: five files the control's first screen waited on become two. Only the
 * modules named (no dependencies taken along: they stay where the bundler puts them).
 */
const EVACUATION_STATE = /src\/(core\/evacuation\/(evacuation|polling|coverage|bar-source)\.ts|features\/evacuation\/icons\.tsx)$/;
const EVACUATION_CONTROL =
  /src\/(core\/evacuation\/coverage-source\.ts|features\/evacuation\/(EvacuationControl|EvacuationAction|EvacuationStateView)\.tsx|features\/evacuation\/useCoverage\.ts)$/;

const INBOX_LIVE = /src\/core\/inbox\/live\/live\.ts$/;

/**
 * What each single-element script asks for at once besides its module's static imports
 * (scripts/loaders.ts): the chunks an element loads on first use. The answers' validation
 * comes with every element's first request; the signed-in view of an element that shows a
 * sign-in form while nobody is signed in loads lazily, and is wanted at once when someone is.
 */
const LOADERS: LoaderOptions = {
  keep: ['vigil', 'vigil-portal', 'vigil-demo-live-view'],
  firstUse: {
    all: [/src\/core\/api\/validate\.ts$/],
    signedIn: {
      // The control, the incident list, the live view's grid.
      'vigil-evacuation': [/src\/features\/evacuation\/EvacuationControl\.tsx$/],
      'vigil-inbox': [/src\/features\/inbox\/(IncidentList|VirtualList)\.tsx$/],
      'vigil-live-view': [/src\/features\/live-view\/LiveView\.tsx$/],
    },
    // The compact sign-in form an element shows while nobody is signed in.
    signedOut: { '*': [/src\/features\/auth\/CompactSignInForm\.tsx$/] },
    later: {
      // The session's: the live channel, the notice it shows when paused, the toasts.
      '*': [/src\/core\/live\/live\.ts$/, /src\/features\/common\/(LiveNotice|ToastRegion)\.tsx$/],
      // The control's dialog, so that the first Start opens at once.
      'vigil-evacuation': [/src\/features\/evacuation\/EvacuationDialog\.tsx$/],
      // What keeps the inbox's lists and counts fresh (features/inbox/useLive.ts loads it
      // after the first render), asked for with the rest rather than discovered then.
      'vigil-inbox': [INBOX_LIVE],
      'vigil-unread-badge': [INBOX_LIVE],
      'vigil-portal': [INBOX_LIVE],
    },
  },
  data: {
    'vigil-evacuation': [
      '/api/v2/projects/{project}?filter%5Bsystemtype%5D=UFO',
      '/api/public/v2/projects/{project}/evacuation/status',
      '/api/public/v2/sites/{site}/evacuation/status',
    ],
    'vigil-inbox': ['[view=incidents*]/api/v2/incidents?page=1&per_page=50&locale={locale}&sort=attention'],
    'vigil-live-view': ['/api/v2/systems/{system}'],
  },
  // The portal's most visited pages (src/features/layout/screens.tsx): the server names their
  // files in the HTML of their routes, beside the portal's own, so they load at once.
  routes: {
    'vigil-portal': {
      // The home also reads the projects kept from the last visit (core/resources/persist.ts).
      [ROUTES.home]: [/src\/features\/projects\/ProjectsPage\.tsx$/, /src\/core\/resources\/persist\.ts$/],
      [ROUTES.project]: [/src\/features\/projects\/ProjectPage\.tsx$/],
      [ROUTES.site]: [/src\/features\/projects\/SitePage\.tsx$/],
      [ROUTES.system]: [/src\/features\/projects\/SystemPage\.tsx$/, /src\/features\/live-view\/LiveView\.tsx$/],
      // The inbox too (its first pages kept from the last visit).
      [ROUTES.inbox]: [/src\/features\/inbox\/(InboxPage|IncidentList|VirtualList)\.tsx$/, /src\/core\/resources\/persist\.ts$/],
      [ROUTES.login]: [/src\/features\/auth\/LoginPage\.tsx$/],
    },
  },
};

/** Ships custom-elements.json (made by `npm run manifest` before the build) beside the bundles. */
function manifestAsset(): Plugin {
  return {
    name: 'vigil-manifest-asset',
    generateBundle() {
      const file = resolve(import.meta.dirname, 'custom-elements.json');
      if (existsSync(file)) this.emitFile({ type: 'asset', fileName: 'custom-elements.json', source: readFileSync(file, 'utf8') });
    },
  };
}

export default defineConfig({
  plugins: [manifestAsset(), loaders(LOADERS)],
  // Library mode does not replace process.env.NODE_ENV by itself: without this the
  // bundle holds both React builds and fails with `process is not defined`.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // CSS as these browsers read it: light-dark() (the colour tokens' light and dark
    // values) must reach them as written — lowered for older ones, it would no longer
    // follow the host page's color-scheme (README "Theming").
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    minify: true,
    sourcemap: true,
    lib: {
      entry: { vigil: resolve(import.meta.dirname, 'elements/autoloader.ts'), ...elementEntries },
      formats: ['es'],
    },
    rolldownOptions: {
      // An entry may export more than its module does (a shared module the bundler keeps in
      // it): what the `portal` group below needs; nothing imports dist/ entries by name.
      preserveEntrySignatures: 'allow-extension',
      // valibot's schema builders have no side effects: a body or answer schema nobody reads
      // (the demo server's, in the shared contract) is left out instead of built for nothing.
      treeshake: { manualPureFunctions: ['v'] },
      output: {
        // Library mode keeps whitespace in ES output unless the bundler is asked to minify.
        minify: true,
        // The minifier keeps `/* @__PURE__ */` marks for a later bundler; nothing bundles
        // dist/ again, and about 1,400 of them cost some 0.3 KB gz on every page.
        comments: { annotation: false, jsdoc: false },
        entryFileNames: entryFileName(LOADERS),
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            { name: 'base', test: inBase },
            { name: 'evacuation-card', test: EVACUATION_CARD },
            { name: 'chrome', test: CHROME },
            { name: 'portal', test: PORTAL, includeDependenciesRecursively: false },
            { name: 'validate', test: VALIDATION, includeDependenciesRecursively: false },
            { name: 'evacuation-state', test: EVACUATION_STATE, includeDependenciesRecursively: false },
            { name: 'EvacuationControl', test: EVACUATION_CONTROL, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
