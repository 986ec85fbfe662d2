import { useT } from '../common/useT.ts';

export interface RecoveredOfferProps {
  /** What the kept changes would do to the saved schedule. */
  changes: string;
  onRestore: () => void;
  onDismiss: () => void;
}

/** After a reload: the saved schedule is shown, and unsaved changes kept in this tab are offered back. */
export function RecoveredOffer({ changes, onRestore, onDismiss }: RecoveredOfferProps) {
  const t = useT();
  return (
    <div className="v-message sm-recovered" role="status">
      <p>{t('schedules.editor.recovered', { changes })}</p>
      <div className="v-row">
        <button type="button" className="v-btn v-btn--small v-btn--primary" onClick={onRestore}>
          {t('schedules.editor.restore')}
        </button>
        <button type="button" className="v-btn v-btn--small" onClick={onDismiss}>
          {t('schedules.editor.dismissRecovered')}
        </button>
      </div>
    </div>
  );
}
