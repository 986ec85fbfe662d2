import { useId, useLayoutEffect, useRef, type KeyboardEvent, type SyntheticEvent } from 'react';
import dialogCss from '../../ui/dialog.css?inline';
import { adoptCss } from '../../ui/styles.ts';
import { useT } from '../common/useT.ts';
import './messages/bundled-lazy.ts';

export interface LeaveDialogProps {
  /** What is unsaved, in words ("adds Wed 10:00–12:00"); '' for the multi-site editor's painted week. */
  changes: string;
  /** Whether "Save and leave" is offered (one site's matrix; the multi-site editor applies after a review instead). */
  canSave: boolean;
  /** The save of "Save and leave" is under way. */
  saving: boolean;
  onSave: () => void;
  onLeave: () => void;
  onStay: () => void;
}

/**
 * The portal's own question before in-app navigation leaves unsaved security hours (the
 * leave guard asks through it): "Save and leave", "Leave without saving", "Stay". A modal
 * alertdialog on the platform's `<dialog>` (the rest of the page inert, focus kept inside,
 * given back on close), in the portal's language. "Stay" has focus first and Escape (or
 * any other close request) stays. While saving, only the outcome can close it: on success
 * the page is left, on failure the dialog closes and the editor's save error says why,
 * every painted cell kept. Its own chunk, loaded with the guard on the editor's first touch.
 */
export function LeaveDialog({ changes, canSave, saving, onSave, onLeave, onStay }: LeaveDialogProps) {
  const t = useT();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    adoptCss(dialog.getRootNode() as ShadowRoot | Document, dialogCss);
    dialog.showModal();
    stayRef.current?.focus();
    return () => dialog.close();
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    if (!saving) onStay();
  }

  function onCancel(event: SyntheticEvent) {
    event.preventDefault();
    if (!saving) onStay();
  }

  // Closed by the browser without asking (a repeated close request): that is "Stay".
  function onClose() {
    const dialog = dialogRef.current;
    if (!dialog?.isConnected || dialog.open) return;
    dialog.showModal();
    if (!saving) onStay();
  }

  return (
    <dialog
      ref={dialogRef}
      className="v-dialog-backdrop"
      part="dialog-backdrop"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClose={onClose}
    >
      <div className="v-dialog v-alert-dialog v-alert-dialog--primary sm-leave" part="dialog leave-dialog">
        <h2 id={`${id}-title`} className="v-alert-dialog-title">
          {t(canSave ? 'schedules.leave.title' : 'schedules.leave.titleApply')}
        </h2>
        <p id={`${id}-text`} className="v-alert-dialog-description">
          {canSave ? t('schedules.leave.text', { changes }) : t('schedules.leave.textApply')}
        </p>
        <div className="v-dialog-actions v-alert-dialog-actions">
          <button ref={stayRef} type="button" className="v-btn" disabled={saving} onClick={() => !saving && onStay()}>
            {t('schedules.leave.stay')}
          </button>
          <button type="button" className="v-btn" disabled={saving} onClick={() => !saving && onLeave()}>
            {t('schedules.leave.withoutSaving')}
          </button>
          {canSave && (
            <button
              type="button"
              className="v-btn v-btn--primary"
              disabled={saving}
              aria-busy={saving || undefined}
              onClick={() => !saving && onSave()}
            >
              {saving && <span className="v-alert-dialog-spinner" aria-hidden="true" />}
              {saving ? t('schedules.editor.saving') : t('schedules.leave.saveAndLeave')}
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}
