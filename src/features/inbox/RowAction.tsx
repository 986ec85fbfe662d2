import type { ReactNode } from 'react';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';

export type InboxItemKind = 'incident' | 'notification';

/**
 * Where a row leads: inside the portal (or from any page, to the portal) a link to the
 * item's route; inside a standalone `<vigil-inbox>` a button that opens it in place.
 */
export type RowTarget = { kind: InboxItemKind } &
  /** `search`: the query the item's page gets (the list's filters, for its previous / next). */
  ({ mode: 'link'; search?: Record<string, string> } | { mode: 'button'; onOpen: (kind: InboxItemKind, uuid: string) => void });

export interface RowActionProps {
  target: RowTarget;
  uuid: string;
  tabIndex: 0 | -1;
  className: string;
  part: string;
  children: ReactNode;
}

/** The focusable part of a list row (marked `data-row` for the list's keyboard handling). */
export function RowAction({ target, uuid, tabIndex, className, part, children }: RowActionProps) {
  if (target.mode === 'link') {
    return (
      <Link to={pathTo(target.kind, { uuid }, target.search)} className={className} part={part} tabIndex={tabIndex} data-row="">
        {children}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      part={part}
      tabIndex={tabIndex}
      data-row=""
      onClick={() => target.onOpen(target.kind, uuid)}
    >
      {children}
    </button>
  );
}
