/**
 * What the inbox list shows instead of its rows: loading, failed, empty, and the note over a
 * first page kept from an earlier visit while it is being checked.
 */
import type { ReactNode } from 'react';
import { momentParams } from '../../core/time/moments.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useT } from '../common/useT.ts';
import './messages/bundled-kept.ts';

export function ListLoading() {
  const t = useT();
  return (
    <div className="vi-state-box">
      <Spinner label={t('inbox.list.loading')} />
    </div>
  );
}

export function ListFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="vi-state-box v-state" role="alert">
      <p>{t('inbox.list.failed')}</p>
      <button type="button" className="v-btn" onClick={onRetry}>
        {t('core.common.retry')}
      </button>
    </div>
  );
}

/** Over the rows: some of their pages failed to load. */
export function RowsFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="v-message vi-banner" role="alert">
      <span>{t('inbox.list.rowsFailed')}</span>
      <button type="button" className="v-btn v-btn--small" onClick={onRetry}>
        {t('core.common.retry')}
      </button>
    </div>
  );
}

export function ListEmpty({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="vi-state-box v-state" role="status">
      <p>{text}</p>
      {action}
    </div>
  );
}

/** "Checking… · data from 14:07" over a kept first page, or that it could not be checked, with Retry. */
export function KeptNote({ since, failed, onRetry }: { since: string | number | undefined; failed: boolean; onRetry: () => void }) {
  const t = useT();
  return (
    <p className="v-muted v-small vi-kept" role="status" part="checking">
      {failed ? (
        <>
          {t('inbox.kept.notChecked', momentParams(since))}{' '}
          <button type="button" className="v-btn v-btn--ghost v-btn--small" onClick={onRetry}>
            {t('core.common.retry')}
          </button>
        </>
      ) : (
        t('inbox.kept.checking', momentParams(since))
      )}
    </p>
  );
}

/** An empty kept page claims nothing ("no open incidents" is the server's to say): it is being checked. */
export function KeptChecking({ note }: { note: ReactNode }) {
  const t = useT();
  return (
    <>
      {note}
      <div className="vi-state-box">
        <Spinner label={t('inbox.kept.state')} />
      </div>
    </>
  );
}
