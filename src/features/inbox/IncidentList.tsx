import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { SEVERITIES } from '../../core/api/constants.ts';
import { formatNumber } from '../../core/i18n/i18n.ts';
import { incidentList, isSeverity, setSeverityFilter } from '../../core/inbox/lists.ts';
import { useT } from '../common/useT.ts';
import { IncidentRow } from './IncidentRow.tsx';
import { ListTools } from './ListTools.tsx';
import type { RowTarget } from './RowAction.tsx';
import { VirtualList } from './VirtualList.tsx';

export interface IncidentListProps {
  target: RowTarget;
  focusUuid?: string | undefined;
}

/** All incidents of the user's projects, newest first, filterable by severity. */
export function IncidentList({ target, focusUuid }: IncidentListProps) {
  const t = useT();
  const { filters, total } = useStore(incidentList.$state);
  const selectId = useId();
  return (
    <>
      <ListTools
        label={t('inbox.filters.label')}
        total={total === null ? null : t('inbox.list.total', { count: formatNumber(total) })}
        onRefresh={() => incidentList.refresh()}
      >
        <div className="vi-filter">
          <label htmlFor={selectId}>{t('inbox.filters.severity')}</label>
          <select
            id={selectId}
            className="v-select"
            value={filters.severity ?? ''}
            onChange={(e) => setSeverityFilter(isSeverity(e.target.value) ? e.target.value : undefined)}
          >
            <option value="">{t('inbox.filters.allSeverities')}</option>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {t(`inbox.severity.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </ListTools>
      <VirtualList
        list={incidentList}
        label={t('inbox.list.incidents')}
        emptyText={filters.severity ? t('inbox.empty.incidentsFiltered') : t('inbox.empty.incidents')}
        focusUuid={focusUuid}
        renderRow={(incident, props) => <IncidentRow incident={incident} target={target} {...props} />}
      />
    </>
  );
}
