/**
 * The `interval` attribute of the live-view elements (ms between a camera's frames). Its
 * own module: an element checks its attributes before it renders, and what draws the
 * frames loads later, with the grid.
 */

/** Bounds of the `interval` attribute: 20 ms (benches) to one minute. */
export const MIN_INTERVAL_MS = 20;
export const MAX_INTERVAL_MS = 60_000;

/** Parses an `interval` attribute (ms); null when it is not a whole number in range. */
export function parseInterval(value: string | undefined): number | null {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= MIN_INTERVAL_MS && n <= MAX_INTERVAL_MS ? n : null;
}
