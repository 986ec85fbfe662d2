import { useId, useState, type ElementType, type FormEvent } from 'react';
import { INCIDENT_TEXT_MAX } from '../../core/api/constants.ts';
import type { Incident, TimelineEntry } from '../../core/api/contract.ts';
import { formatNumber } from '../../core/i18n/i18n.ts';
import { formatMoment } from '../../core/time/moments.ts';
import { showError } from '../../core/toasts/toasts.ts';
import { useT } from '../common/useT.ts';

const KINDS = ['occurred', 'alerted', 'acknowledged', 'comment', 'handled'] as const;
type Kind = (typeof KINDS)[number];
const isKnown = (e: TimelineEntry): e is TimelineEntry & { kind: Kind } => (KINDS as readonly string[]).includes(e.kind);

/** What happened to the incident, oldest first, and a comment form: for everyone on the project. */
export function IncidentTimeline({ incident, heading: Heading }: { incident: Incident; heading: ElementType }) {
  const t = useT();
  const id = useId();
  // An older server sends no timeline: the moment it occurred is still known.
  const entries = (incident.timeline ?? [{ kind: 'occurred', at: incident.occurred_at }]).filter(isKnown);
  const someone = t('inbox.timeline.someone');

  const title = (e: TimelineEntry & { kind: Kind }): string => {
    const name = e.by ?? someone;
    switch (e.kind) {
      case 'occurred':
      case 'alerted':
        return t(`inbox.timeline.${e.kind}`);
      case 'acknowledged':
        return t('inbox.timeline.acknowledged', { name });
      case 'comment':
        return t('inbox.timeline.comment', { name });
      case 'handled':
        return e.outcome
          ? t('inbox.timeline.handled', { name, outcome: t(`inbox.work.outcome.${e.outcome}`) })
          : t('inbox.timeline.handledNoOutcome', { name });
    }
  };

  return (
    <section className="vi-section" aria-labelledby={`${id}-t`} part="timeline">
      <Heading id={`${id}-t`}>{t('inbox.timeline.title')}</Heading>
      <ol className="vi-timeline">
        {entries.map((e, i) => (
          <li key={`${e.kind}-${e.at}-${i}`} className={`vi-tl vi-tl--${e.kind}`}>
            <span className="vi-tl-dot" aria-hidden="true" />
            <div className="vi-tl-body">
              <p className="vi-tl-head">
                <span className="vi-tl-title">{title(e)}</span>
                <time className="v-muted v-small" dateTime={e.at}>
                  {formatMoment(e.at)}
                </time>
              </p>
              {/* Plain text, as typed: React renders it as text, never as HTML. */}
              {e.text && <p className="vi-prose vi-tl-text">{e.text}</p>}
            </div>
          </li>
        ))}
      </ol>
      <CommentForm uuid={incident.uuid} />
    </section>
  );
}

/**
 * A comment for the control room and colleagues: plain text, 1 to 1,000 characters, with a
 * counter. What was typed stays when sending fails (the error toast says why).
 */
function CommentForm({ uuid }: { uuid: string }) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!text.trim()) {
      setError(t('inbox.comment.required'));
      return;
    }
    setPending(true);
    // The actions' code loads with the first action (see IncidentWork.tsx).
    void import('../../core/inbox/incident-actions.ts')
      .then((actions) => actions.commentOnIncident(uuid, text))
      .then(
        (result) => {
          setPending(false);
          if (result.ok) setText('');
          else setError(result.fieldErrors.text);
        },
        () => {
          setPending(false); // its code could not be loaded: what was typed stays
          showError('core.toastErrors.commentIncident');
        },
      );
  };

  const describedBy = [`${id}-hint`, `${id}-count`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <form className="vi-comment" part="comment-form" onSubmit={submit} noValidate>
      <div className="v-field">
        <label className="v-label" htmlFor={`${id}-text`}>
          {t('inbox.comment.label')}
        </label>
        <span id={`${id}-hint`} className="v-muted v-small">
          {t('inbox.comment.hint', { max: formatNumber(INCIDENT_TEXT_MAX) })}
        </span>
        <textarea
          id={`${id}-text`}
          className="v-input vi-textarea"
          rows={3}
          maxLength={INCIDENT_TEXT_MAX}
          value={text}
          readOnly={pending}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setText(e.target.value);
            setError(undefined);
          }}
        />
        {error && (
          <span id={`${id}-error`} className="v-field-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <div className="vi-comment-bar">
        <span id={`${id}-count`} className="v-muted v-small vi-counter">
          {t('inbox.comment.counter', { count: formatNumber(text.length), max: formatNumber(INCIDENT_TEXT_MAX) })}
        </span>
        <button type="submit" className="v-btn v-btn--primary" aria-busy={pending || undefined} aria-disabled={pending || undefined}>
          {t('inbox.comment.submit')}
        </button>
      </div>
    </form>
  );
}
