import type { SaveFailure } from '../../core/schedules/drafts.ts';
import { useT } from '../common/useT.ts';
import { SaveError } from './SaveError.tsx';

export interface SaveBarProps {
  dirty: boolean;
  saving: boolean;
  /** What the unsaved changes do, e.g. "adds Mon 18:00–22:00, removes Sat". */
  changes: string;
  error: SaveFailure | null;
  onSave: () => void;
  onDiscard: () => void;
}

/**
 * Save and discard, with what is unsaved in words. Save is enabled whenever the draft
 * differs from the saved schedule (only not while a save is under way). "Disabled" is
 * aria-disabled, so a keyboard user's focus stays on Save after it saved.
 */
export function SaveBar({ dirty, saving, changes, error, onSave, onDiscard }: SaveBarProps) {
  const t = useT();
  return (
    <div className={dirty ? 'sm-savebar sm-savebar--dirty' : 'sm-savebar'} part="save-bar">
      {error && <SaveError error={error} />}
      <div className="sm-savebar-row">
        <p className="sm-state">
          {saving ? t('schedules.editor.saving') : dirty ? t('schedules.editor.unsaved', { changes }) : t('schedules.editor.upToDate')}
        </p>
        <div className="v-row sm-actions">
          <button
            type="button"
            className="v-btn"
            aria-disabled={!dirty || saving || undefined}
            onClick={() => dirty && !saving && onDiscard()}
          >
            {t('schedules.editor.discard')}
          </button>
          <button
            type="button"
            className="v-btn v-btn--primary"
            aria-disabled={!dirty || saving || undefined}
            aria-busy={saving || undefined}
            onClick={() => dirty && !saving && onSave()}
            part="save-button"
          >
            {saving ? t('schedules.editor.saving') : t('schedules.editor.save')}
          </button>
        </div>
      </div>
    </div>
  );
}
