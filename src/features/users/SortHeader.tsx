import type { SortKey, SortOrder } from '../../core/users/list.ts';

export interface SortHeaderProps {
  column: SortKey;
  label: string;
  order: SortOrder;
  onSort: (column: SortKey) => void;
}

/** A column header that sorts: a real button inside, the state in aria-sort. */
export function SortHeader({ column, label, order, onSort }: SortHeaderProps) {
  const active = order.key === column;
  const icon = !active ? '↕' : order.direction === 'ascending' ? '↑' : '↓';
  return (
    <th scope="col" className={`vu-th vu-th--${column}`} aria-sort={active ? order.direction : undefined}>
      <button type="button" className={`vu-sort${active ? ' vu-sort--active' : ''}`} onClick={() => onSort(column)}>
        {label}
        <span className="vu-sort-icon" aria-hidden="true">
          {icon}
        </span>
      </button>
    </th>
  );
}
