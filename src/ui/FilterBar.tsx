import type { ReactNode } from 'react';

export interface FilterBarProps {
  /** The group's accessible name ("Filter the activity"). */
  label: string;
  /** The fields: {@link FilterField}s. */
  children: ReactNode;
  /** The export button's text; no button without it. */
  exportLabel?: string;
  onExport?(): void;
  /** An export under way: the button is disabled and busy. */
  exporting?: boolean;
}

/**
 * The filter bar of a list with an export (the activity log, the evacuation history): the
 * fields side by side where there is room, wrapping on a phone, and "Export CSV" at the end.
 * Its styles are `filter-bar.css` (prefix `fb-`), adopted by the feature that renders it.
 */
export function FilterBar({ label, children, exportLabel, onExport, exporting = false }: FilterBarProps) {
  return (
    <div className="fb" role="group" aria-label={label} part="filters">
      {children}
      {exportLabel && (
        <button type="button" className="v-btn fb-export" onClick={onExport} disabled={exporting} aria-busy={exporting}>
          {exportLabel}
        </button>
      )}
    </div>
  );
}

export interface FilterFieldProps {
  id: string;
  label: string;
  /** The control, with `id` as its id. */
  children: ReactNode;
  /** A narrow field (a day). */
  narrow?: boolean;
}

/** One labelled field of a {@link FilterBar}. */
export function FilterField({ id, label, children, narrow = false }: FilterFieldProps) {
  return (
    <div className={narrow ? 'fb-field fb-field--narrow' : 'fb-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
