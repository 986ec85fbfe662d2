import { useEffect, useRef, type RefObject } from 'react';

/**
 * After a submit that found problems, moves focus to the first field with an error (in
 * the given order), so keyboard and screen-reader users land on what to fix.
 */
export function useFocusFirstError<F extends string>(
  errors: Partial<Record<F, unknown>>,
  fields: readonly [F, RefObject<HTMLInputElement | null>][],
  attempt: number,
): void {
  const last = useRef(attempt);
  useEffect(() => {
    if (attempt === last.current) return;
    last.current = attempt;
    const first = fields.find(([name]) => errors[name]);
    first?.[1].current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per submit attempt; `fields` is a new array each render
  }, [attempt, errors]);
}
