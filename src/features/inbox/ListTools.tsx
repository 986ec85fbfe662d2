import type { ReactNode } from 'react';
import { useT } from '../common/useT.ts';

export interface ListToolsProps {
  label: string;
  /** "Total: 1,234", or null while unknown. */
  total: string | null;
  onRefresh: () => void;
  children: ReactNode;
}

/**
 * The bar above a list: its filters, the total and a refresh button. Where the list is wide
 * (its own width, not the window's: an element may sit in a narrow column), the fields
 * share one row with their names above them (inbox.css).
 */
export function ListTools({ label, total, onRefresh, children }: ListToolsProps) {
  const t = useT();
  return (
    <div className="vi-filters-frame">
      <div className="vi-filters" role="group" aria-label={label} part="filters">
        {children}
        <div className="vi-filters-end">
          {total !== null && <span className="v-muted v-small">{total}</span>}
          <button type="button" className="v-btn v-btn--small" onClick={onRefresh}>
            {t('inbox.filters.refresh')}
          </button>
        </div>
      </div>
    </div>
  );
}
