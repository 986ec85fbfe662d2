import './messages/bundled.ts';
import './messages/bundled-handle.ts';
import { useId, useState } from 'react';
import { INCIDENT_OUTCOMES, INCIDENT_TEXT_MAX, type IncidentOutcome } from '../../core/api/constants.ts';
import type { Incident } from '../../core/api/contract.ts';
import { formatNumber } from '../../core/i18n/i18n.ts';
import { handleIncident } from '../../core/inbox/incident-actions.ts';
import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { useT } from '../common/useT.ts';

/**
 * Handling an incident: what was found (false alarm, known person, intervention, other) and
 * an optional note. A failure keeps the dialog, the choice and the note; the error toast
 * shows inside the dialog. Its own chunk, loaded with the first "Handle…".
 */
export function HandleDialog({ incident, onClose }: { incident: Incident; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const [outcome, setOutcome] = useState<IncidentOutcome | null>(null);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [noteError, setNoteError] = useState<string | undefined>();

  const confirm = () => {
    if (!outcome || pending) return;
    setPending(true);
    void handleIncident(incident.uuid, outcome, note).then((result) => {
      setPending(false);
      // Done, or handled meanwhile by someone else (a toast says so): nothing left to choose here.
      if (result.ok || result.handledAlready) return onClose();
      setNoteError(result.fieldErrors.note ?? result.fieldErrors.outcome);
    });
  };

  return (
    <AlertDialog
      open
      title={t('inbox.handleDialog.title')}
      description={<p>{t('inbox.handleDialog.description')}</p>}
      confirmLabel={t('inbox.handleDialog.confirm')}
      cancelLabel={t('inbox.handleDialog.cancel')}
      pending={pending}
      confirmDisabled={outcome === null}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <div className="vi-handle">
        <fieldset className="vi-outcomes">
          <legend>{t('inbox.handleDialog.legend')}</legend>
          {INCIDENT_OUTCOMES.map((o) => (
            <label key={o} className="vi-outcome-choice">
              <input
                type="radio"
                name={`${id}-outcome`}
                value={o}
                checked={outcome === o}
                disabled={pending}
                onChange={() => setOutcome(o)}
              />
              <span>{t(`inbox.work.outcome.${o}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="v-field">
          <label className="v-label" htmlFor={`${id}-note`}>
            {t('inbox.handleDialog.note')}
          </label>
          <textarea
            id={`${id}-note`}
            className="v-input vi-textarea"
            rows={3}
            maxLength={INCIDENT_TEXT_MAX}
            value={note}
            readOnly={pending}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={`${id}-note-count${noteError ? ` ${id}-note-error` : ''}`}
            onChange={(e) => {
              setNote(e.target.value);
              setNoteError(undefined);
            }}
          />
          <span id={`${id}-note-count`} className="v-muted v-small vi-counter">
            {t('inbox.comment.counter', { count: formatNumber(note.length), max: formatNumber(INCIDENT_TEXT_MAX) })}
          </span>
          {noteError && (
            <span id={`${id}-note-error`} className="v-field-error" role="alert">
              {noteError}
            </span>
          )}
        </div>
      </div>
    </AlertDialog>
  );
}
