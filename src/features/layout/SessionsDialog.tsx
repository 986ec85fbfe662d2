import './messages/bundled-sessions.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { SignInAttempt, SignInSession } from '../../core/api/contract.ts';
import {
  $signIns,
  attemptFailed,
  endOtherSessions,
  endSession,
  loadSignIns,
  sessionName,
  SIGN_INS_KEY,
} from '../../core/sessions/sessions.ts';
import { formatMoment, momentParams } from '../../core/time/moments.ts';
import dialogCss from '../../ui/dialog.css?inline';
import { LoadState } from '../../ui/LoadState.tsx';
import { adoptCss } from '../../ui/styles.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import sessionsCss from './sessions.css?inline';

type T = ReturnType<typeof useT>;

const RESULTS = ['success', 'wrong_password', 'second_step_failed', 'locked'] as const;
const resultText = (t: T, result: string): string =>
  (RESULTS as readonly string[]).includes(result)
    ? t(`layout.sessions.results.${result as (typeof RESULTS)[number]}`)
    : t('layout.sessions.results.other');

/**
 * "Where you're signed in", as a modal dialog: the user's sessions that still work (this
 * device marked and first; browser, address, last use), "Sign out" for each other one and
 * "Sign out everywhere else"; below, the latest sign-in attempts on the account with their
 * address and result, failures set apart calmly. Loads afresh each time it opens.
 */
export function SessionsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  useStyles(sessionsCss);
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const entry = useStore($signIns, { keys: [SIGN_INS_KEY] })[SIGN_INS_KEY];
  const [pending, setPending] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    adoptCss(dialog.getRootNode() as ShadowRoot | Document, dialogCss);
    dialog.showModal();
    headingRef.current?.focus();
    return () => dialog.close();
  }, []);

  useEffect(() => {
    loadSignIns(true).catch(() => {});
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    // The menu behind must not close too.
    event.preventDefault();
    event.stopPropagation();
    onClose();
  }

  /** After a session left the list: the next "Sign out" takes focus, else the title. */
  function refocus() {
    requestAnimationFrame(() => {
      const next = dialogRef.current?.querySelector<HTMLElement>('.ses-end, .ses-end-others');
      (next ?? headingRef.current)?.focus();
    });
  }

  async function end(session: SignInSession, name: string) {
    if (pending) return;
    setPending(session.uuid);
    setError('');
    setStatus('');
    try {
      await endSession(session.uuid);
      setStatus(t('layout.sessions.ended', { name }));
      refocus();
    } catch {
      setError(t('layout.sessions.endFailed'));
    } finally {
      setPending(null);
    }
  }

  async function endOthers() {
    if (pending) return;
    setPending('others');
    setError('');
    setStatus('');
    try {
      const count = await endOtherSessions();
      setStatus(t('layout.sessions.endedOthers', { count }));
      refocus();
    } catch {
      setError(t('layout.sessions.endFailed'));
    } finally {
      setPending(null);
    }
  }

  const data = entry?.data;
  const sessions = data ? [...data.sessions].sort((a, b) => Number(b.current) - Number(a.current)) : [];
  const others = sessions.filter((s) => !s.current).length;

  return (
    <dialog
      ref={dialogRef}
      className="v-dialog-backdrop"
      aria-labelledby={`${id}-title`}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="v-dialog ses-dialog" part="dialog">
        <div className="ses-head">
          <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="ses-title">
            {t('layout.sessions.title')}
          </h2>
          <button type="button" className="v-btn ses-close" onClick={onClose} aria-label={t('layout.sessions.close')}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <p className="ses-intro">{t('layout.sessions.intro')}</p>
        <p role="status" className="ses-status">
          {status}
        </p>
        {error && (
          <p role="alert" className="ses-error">
            {error}
          </p>
        )}
        {!data ? (
          <LoadState
            status={entry?.status}
            loading={<p className="v-muted">{t('layout.sessions.loading')}</p>}
            missingText={t('layout.sessions.loadFailed')}
            failedText={t('layout.sessions.loadFailed')}
            retryLabel={t('layout.sessions.retry')}
            onRetry={() => void loadSignIns(true).catch(() => {})}
          />
        ) : (
          <>
            <ul className="ses-list" aria-label={t('layout.sessions.listLabel')}>
              {sessions.map((session) => (
                <SessionRow key={session.uuid} session={session} pending={pending} onEnd={end} />
              ))}
            </ul>
            {others > 0 ? (
              <div className="ses-actions">
                <button type="button" className="v-btn ses-end-others" aria-disabled={pending !== null} onClick={() => void endOthers()}>
                  {t('layout.sessions.signOutOthers')}
                </button>
              </div>
            ) : (
              <p className="v-small v-muted">{t('layout.sessions.onlyHere')}</p>
            )}
            <h3 className="ses-subtitle">{t('layout.sessions.attemptsTitle')}</h3>
            <p className="v-small v-muted">{t('layout.sessions.attemptsIntro')}</p>
            {data.attempts.length ? (
              <ol className="ses-attempts">
                {data.attempts.map((attempt, i) => (
                  <AttemptRow key={`${attempt.at}-${i}`} attempt={attempt} />
                ))}
              </ol>
            ) : (
              <p className="v-small v-muted">{t('layout.sessions.noAttempts')}</p>
            )}
          </>
        )}
      </div>
    </dialog>
  );
}

function SessionRow({
  session,
  pending,
  onEnd,
}: {
  session: SignInSession;
  pending: string | null;
  onEnd: (session: SignInSession, name: string) => void;
}) {
  const t = useT();
  const name = sessionName(session) ?? t('layout.sessions.unknownDevice');
  const address = session.address ?? t('layout.sessions.unknownAddress');
  return (
    <li className={session.current ? 'ses-session ses-session--here' : 'ses-session'}>
      <div className="ses-about">
        <p className="ses-name">
          <span>{name}</span>
          {session.current && <span className="ses-here">{t('layout.sessions.thisDevice')}</span>}
        </p>
        <p className="v-small ses-address">{address}</p>
        <p className="v-small v-muted ses-times">
          <time dateTime={session.last_used_at}>{t('layout.sessions.lastUsed', momentParams(session.last_used_at))}</time>
          {formatMoment(session.created_at) !== formatMoment(session.last_used_at) && (
            <time dateTime={session.created_at}>{t('layout.sessions.signedIn', momentParams(session.created_at))}</time>
          )}
        </p>
      </div>
      {!session.current && (
        <button
          type="button"
          className="v-btn ses-end"
          aria-label={t('layout.sessions.signOutLabel', { name, address })}
          aria-disabled={pending !== null}
          onClick={() => onEnd(session, name)}
        >
          {t('layout.sessions.signOut')}
        </button>
      )}
    </li>
  );
}

function AttemptRow({ attempt }: { attempt: SignInAttempt }) {
  const t = useT();
  const failed = attemptFailed(attempt);
  const where = [attempt.address ?? t('layout.sessions.unknownAddress'), attempt.browser].filter(Boolean).join(' · ');
  return (
    <li className={failed ? 'ses-attempt ses-attempt--failed' : 'ses-attempt'}>
      <span className="ses-result">{resultText(t, attempt.result)}</span>
      <span className="v-small ses-where">{where}</span>
      <time className="v-small v-muted" dateTime={attempt.at}>
        {formatMoment(attempt.at)}
      </time>
    </li>
  );
}
