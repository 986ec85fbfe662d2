import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import contentCss from './content.css?inline';
import type { ContentPage as Page } from '../../core/api/contract.ts';
import { isAborted } from '../../core/api/client.ts';
import { $language } from '../../core/i18n/languages.ts';
import { loadContentPage } from '../../core/content/content.ts';
import { sanitizePageHtml } from '../../core/content/sanitize.ts';
import { isMissing } from '../../core/resources/resources.ts';
import { navigate } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';

type State = { status: 'loading' } | { status: 'ready'; page: Page } | { status: 'error' };

/**
 * /page/{uuid}: a translated content page (the Help menu). Its HTML is sanitized (a few text
 * tags, safe links) and reloaded when the language changes; a missing page is the 404.
 */
export function ContentPage({ uuid }: { uuid: string }) {
  const t = useT();
  useStyles(contentCss);
  const language = useStore($language);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    loadContentPage(uuid, abort.signal).then(
      (page) => setState({ status: 'ready', page }),
      (e: unknown) => {
        if (isAborted(e) || abort.signal.aborted) return;
        if (isMissing(e)) navigate(pathTo('notFound'), { replace: true });
        else setState({ status: 'error' });
      },
    );
    return () => abort.abort();
  }, [uuid, language, attempt]);

  const page = state.status === 'ready' ? state.page : null;
  const html = useMemo(() => (page ? sanitizePageHtml(page.body_html) : ''), [page]);
  usePageTitle(page?.title ?? null);

  if (state.status === 'loading') return <Spinner label={t('content.loading')} />;
  if (state.status === 'error') {
    return (
      <div className="v-state" role="alert">
        <p>{t('content.error')}</p>
        <button type="button" className="v-btn" onClick={() => setAttempt((n) => n + 1)}>
          {t('content.retry')}
        </button>
      </div>
    );
  }
  return (
    <article className="content-page v-card">
      <h1>{state.page.title}</h1>
      {/* Sanitized above (TrustedHTML under the page's Trusted Types policy). */}
      <div className="content-body" dangerouslySetInnerHTML={{ __html: html as string }} />
    </article>
  );
}
