import { tKey } from '../../core/i18n/i18n.ts';
import type { SaveFailure } from '../../core/schedules/drafts.ts';
import { useT } from '../common/useT.ts';

/**
 * Why the last save failed (the error text (docs/product.md#errors), then the server's own messages), and that nothing painted was lost.
 * An alert: the one place the failure is said (no toast repeats it).
 */
export function SaveError({ error }: { error: SaveFailure }) {
  const t = useT();
  return (
    <div className="v-form-error sm-error" part="save-error" role="alert">
      <p>{tKey(error.key)}</p>
      {error.details.length > 0 && (
        <ul>
          {error.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      <p>{t('schedules.editor.keptCells')}</p>
    </div>
  );
}
