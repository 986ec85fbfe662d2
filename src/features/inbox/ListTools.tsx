import type { ReactNode } from 'react';
import { useT } from '../common/useT.ts';

export interface ListToolsProps {
  label: string;
  /** "Total: 1,234", or null while unknown. */
  total: string | null;
  onRefresh: () => void;
  children: ReactNode;
}

/** The bar above a list: its filters, the total and a refresh button. */
export function ListTools({ label, total, onRefresh, children }: ListToolsProps) {
  const t = useT();
  return (
    <div className="vi-filters" role="group" aria-label={label} part="filters">
      {children}
      <div className="vi-filters-end">
        {total !== null && <span className="v-muted v-small">{total}</span>}
        <button type="button" className="v-btn v-btn--small" onClick={onRefresh}>
          {t('inbox.filters.refresh')}
        </button>
      </div>
    </div>
  );
}
