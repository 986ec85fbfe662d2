/**
 * The multi-site editor's parts besides the grid (the site list, start from, time zone, the
 * review before applying): their own chunk, loaded with the page (useTools.ts: lazyModule).
 */
export { ApplyReview } from './ApplyReview.tsx';
export { SitePicker } from './SitePicker.tsx';
export { StartFrom } from './StartFrom.tsx';
export { TimeZoneSelect } from './TimeZoneSelect.tsx';
export { LazyExceptions } from './LazyExceptions.tsx';
