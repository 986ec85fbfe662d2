import { useId } from 'react';
import { projectCache } from '../../core/resources/resources.ts';
import { useResource } from '../common/useResource.ts';
import { useT } from '../common/useT.ts';

/**
 * What a project-wide evacuation covers, in its confirmation: how many sites and which, by
 * name (a long list scrolls), so one click never evacuates a company unseen. The project is
 * usually in the page's cache already; otherwise it loads while the dialog is open.
 */
export function ProjectScope({ uuid }: { uuid: string }) {
  const t = useT();
  const id = useId();
  const sites = useResource(projectCache, uuid)?.data?.sites;
  if (!sites) return <p className="v-small evac-scope-loading">{t('evacuation.dialog.scopeLoading')}</p>;
  return (
    <div className="evac-scope">
      <p id={id} className="evac-scope-title">
        {t('evacuation.dialog.scopeSites', { count: sites.length })}
      </p>
      {/* Focusable, so that a list longer than the dialog can be scrolled by keyboard. */}
      <ul className="evac-scope-list" aria-labelledby={id} tabIndex={sites.length > 6 ? 0 : undefined}>
        {sites.map((site) => (
          <li key={site.uuid}>{site.name}</li>
        ))}
      </ul>
    </div>
  );
}
