import './messages/bundled.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useT } from '../common/useT.ts';

/** Development only: a route whose page module has not landed yet. */
export function ComingSoonPage({ module }: { module: string }) {
  const t = useT();
  usePageTitle(t('layout.comingSoon.title'));
  return (
    <div className="state-page">
      <h1>{t('layout.comingSoon.title')}</h1>
      <p className="v-muted">{t('layout.comingSoon.body', { page: module })}</p>
    </div>
  );
}
