/**
 * The overlap rule of security-hours schedules, written once for the client (convert.ts)
 * and the demo server: intervals may not overlap, counting the part that spills over from
 * the day before (an interval with `to` <= `from` crosses midnight into the next day, and
 * Sunday crosses into Monday). Touching intervals are allowed.
 */

/** An interval as `[from, to]` in any unit (minutes, half-hours) from the start of its day. */
export type Span = readonly [from: number, to: number];

/**
 * The indexes of the days whose intervals overlap. `days[d]` holds day d's intervals, a day
 * lasting `dayLength` units; each `from` is before `dayLength` and differs from `to`
 * (callers report those problems themselves and leave such intervals out).
 */
export function overlappingDays(days: readonly (readonly Span[])[], dayLength: number): number[] {
  const segments: Span[][] = days.map(() => []);
  days.forEach((spans, d) => {
    for (const [from, to] of spans) {
      if (from < to) segments[d]!.push([from, to]);
      else {
        segments[d]!.push([from, dayLength]);
        if (to > 0) segments[(d + 1) % days.length]!.push([0, to]);
      }
    }
  });
  return segments.flatMap((list, d) => {
    const sorted = [...list].sort((a, b) => a[0] - b[0]);
    return sorted.some((s, i) => i > 0 && s[0] < sorted[i - 1]![1]) ? [d] : [];
  });
}
