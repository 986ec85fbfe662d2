import './messages/bundled.ts';
import { useEffect, useState } from 'react';
import { claimReload, pingServer } from '../../core/router/page-loading.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useT } from '../common/useT.ts';

function session(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A page that took over 10 s or failed to load (docs/product.md#routes): pings the server and reloads
 * when it answers (once per path and minute); otherwise says the page timed out.
 */
export function TimeoutPage() {
  const t = useT();
  usePageTitle(t('layout.timeout.title'));
  const [checking, setChecking] = useState(true);
  useEffect(() => {
    const abort = new AbortController();
    void pingServer(abort.signal).then((reachable) => {
      if (abort.signal.aborted) return;
      if (reachable && claimReload(location.pathname + location.search, session())) location.reload();
      else setChecking(false);
    });
    return () => abort.abort();
  }, []);
  if (checking) return <Spinner label={t('layout.timeout.checking')} />;
  return (
    <div className="state-page" role="alert">
      <h1>{t('layout.timeout.heading')}</h1>
      <p className="v-muted">{t('core.errors.timeout')}</p>
      <button type="button" className="v-btn v-btn--primary" onClick={() => location.reload()}>
        {t('layout.timeout.retry')}
      </button>
    </div>
  );
}
