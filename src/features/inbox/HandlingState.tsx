import { useT } from '../common/useT.ts';

/** Open or handled, as an icon and a word (never colour alone). */
export function HandlingState({ handled }: { handled: boolean }) {
  const t = useT();
  return (
    <span
      className={handled ? 'vi-state vi-state--handled' : 'vi-state vi-state--open'}
      part={handled ? 'state state-handled' : 'state state-open'}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        {handled ? (
          <path fill="currentColor" d="M6.4 11.6 2.8 8l1.1-1.1 2.5 2.5 5.7-5.7L13.2 4.8z" />
        ) : (
          <path
            fill="currentColor"
            d="M8 1.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13Zm0 1.8a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4ZM8 5.2a2.8 2.8 0 1 1 0 5.6 2.8 2.8 0 0 1 0-5.6Z"
          />
        )}
      </svg>
      {handled ? t('inbox.state.handled') : t('inbox.state.open')}
    </span>
  );
}
