import { useT } from '../common/useT.ts';

/** Open, acknowledged (open, someone is on it) or handled, as an icon and a word (never colour alone). */
export function HandlingState({
  handled,
  acknowledged = false,
  iconOnly = false,
}: {
  handled: boolean;
  acknowledged?: boolean;
  iconOnly?: boolean;
}) {
  const t = useT();
  const state = handled ? 'handled' : acknowledged ? 'acknowledged' : 'open';
  return (
    <span className={`vi-state vi-state--${state}`} part={`state state-${state}`}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        {state === 'handled' ? (
          <path fill="currentColor" d="M6.4 11.6 2.8 8l1.1-1.1 2.5 2.5 5.7-5.7L13.2 4.8z" />
        ) : state === 'acknowledged' ? (
          <path
            fill="currentColor"
            d="M8 3.5c3.1 0 5.4 2.3 6.5 4.5-1.1 2.2-3.4 4.5-6.5 4.5S2.6 10.2 1.5 8C2.6 5.8 4.9 3.5 8 3.5Zm0 1.7c-2 0-3.7 1.3-4.6 2.8.9 1.5 2.6 2.8 4.6 2.8s3.7-1.3 4.6-2.8C11.7 6.5 10 5.2 8 5.2Zm0 1.1a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4Z"
          />
        ) : (
          <path
            fill="currentColor"
            d="M8 1.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13Zm0 1.8a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4ZM8 5.2a2.8 2.8 0 1 1 0 5.6 2.8 2.8 0 0 1 0-5.6Z"
          />
        )}
      </svg>
      {/* Beside a sentence that says it already ("Acknowledged by …"), the icon alone. */}
      {!iconOnly && t(`inbox.state.${state}`)}
    </span>
  );
}
