import { useStore } from '@nanostores/react';
import { formatNumber } from '../../core/i18n/i18n.ts';
import { $openIncidents } from '../../core/inbox/open.ts';
import { useT } from '../common/useT.ts';
import { useLive } from './useLive.ts';

const OPEN = ['open'] as const;

export interface AttentionViewsProps {
  /** The "Needs attention" view is shown (the list's open-only filter). */
  open: boolean;
  onChange: (open: boolean) => void;
}

/**
 * The incidents list's two views: "Needs attention · N" (the open incidents only; N is the one
 * open count, docs/product.md#open-incidents) and "All" (every incident, open ones first). A
 * group of two toggle buttons, each a Tab stop, the shown one pressed; the choice is the list's
 * `open` filter, so in the portal it is kept in the address with the other filters.
 */
export function AttentionViews({ open, onChange }: AttentionViewsProps) {
  const t = useT();
  const count = useStore($openIncidents);
  useLive(OPEN);
  return (
    <div className="vi-views" role="group" aria-label={t('inbox.views.label')} part="views">
      <button type="button" className="vi-view" part="view" aria-pressed={open} onClick={() => onChange(true)}>
        {count === undefined ? t('inbox.views.attention') : t('inbox.views.attentionCount', { n: formatNumber(count) })}
      </button>
      <button type="button" className="vi-view" part="view" aria-pressed={!open} onClick={() => onChange(false)}>
        {t('inbox.views.all')}
      </button>
    </div>
  );
}
