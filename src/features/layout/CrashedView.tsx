import './messages/bundled.ts';
import { useT } from '../common/useT.ts';

/** A page that threw while rendering: a calm message and a way out, never a blank screen. */
export function CrashedView() {
  const t = useT();
  return (
    <div className="state-page" role="alert">
      <h1>{t('layout.crashed.heading')}</h1>
      <p className="v-muted">{t('core.element.crashed')}</p>
      <button type="button" className="v-btn v-btn--primary" onClick={() => location.reload()}>
        {t('layout.crashed.reload')}
      </button>
    </div>
  );
}
