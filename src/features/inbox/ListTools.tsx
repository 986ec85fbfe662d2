import { useId, useState, type ReactNode } from 'react';
import { useT } from '../common/useT.ts';

export interface ListToolsProps {
  label: string;
  /** "Total: 1,234", or null while unknown. */
  total: string | null;
  onRefresh: () => void;
  children: ReactNode;
  /**
   * How many of the fields are set, for a list whose fields fold away on a narrow list
   * behind a "Filters" button that says it; no button without it.
   */
  active?: number;
}

/**
 * The bar above a list: its filters, the total and a refresh button. Where the list is wide
 * (its own width, not the window's: an element may sit in a narrow column), the fields
 * share one row with their names above them; where it is narrow (a phone), the fields of a
 * list that says how many are `active` fold behind a "Filters" button (inbox.css).
 */
export function ListTools({ label, total, onRefresh, children, active }: ListToolsProps) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const foldable = active !== undefined;
  return (
    <div className={`vi-filters-frame${foldable ? ' vi-filters-frame--foldable' : ''}${open ? ' vi-filters-frame--open' : ''}`}>
      {foldable && (
        <button
          type="button"
          className="v-btn v-btn--small vi-filters-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {label}
          {active > 0 && <span className="vi-filters-count">{active}</span>}
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
      <div id={id} className="vi-filters" role="group" aria-label={label} part="filters">
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
