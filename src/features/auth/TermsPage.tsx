import './messages/bundled.ts';
import '../content/messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import authCss from './auth.css?inline';
import { afterSignInPath } from '../../core/router/guards.ts';
import { navigate } from '../../core/router/navigation.ts';
import { $currentUser, acceptTerms } from '../../core/session/session.ts';
import { formatDateTime } from '../../core/time/format.ts';
import { Link } from '../common/Link.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { TermsText } from './TermsText.tsx';

/**
 * /terms: the terms of use and their acceptance. Until accepted, every other page sends
 * the user here (docs/product.md#session); accepting continues to where they were going. A failure shows
 * the docs/product.md#errors toast (core `acceptTerms`).
 */
export function TermsPage({ search }: { search: Record<string, string> }) {
  const t = useT();
  useStyles(authCss);
  usePageTitle(t('auth.terms.title'));
  const user = useStore($currentUser);
  const [pending, setPending] = useState(false);
  const accepted = user?.terms_accepted_web_portal === true;
  const next = afterSignInPath(search);

  async function accept() {
    if (pending) return;
    setPending(true);
    const ok = await acceptTerms();
    setPending(false);
    if (ok) navigate(next, { replace: true });
  }

  return (
    <div className="terms-page">
      <article className="v-card terms">
        <header className="terms-head">
          <h1>{t('auth.terms.title')}</h1>
          <p className="v-small v-muted">{t('content.terms.updated')}</p>
          {!accepted && <p>{t('auth.terms.intro')}</p>}
        </header>
        <TermsText />
        <footer className="terms-actions">
          {accepted ? (
            <>
              <p className="terms-accepted">
                <span aria-hidden="true">✓</span>{' '}
                {user?.terms_accepted_at
                  ? t('auth.terms.acceptedOn', { date: formatDateTime(user.terms_accepted_at) })
                  : t('auth.terms.accepted')}
              </p>
              <Link className="v-btn v-btn--primary" to={next}>
                {t('auth.terms.continue')}
              </Link>
            </>
          ) : (
            <button type="button" className="v-btn v-btn--primary" onClick={accept} aria-disabled={pending} aria-busy={pending}>
              {pending && <span className="auth-btn-spinner" aria-hidden="true" />}
              {t('auth.terms.accept')}
            </button>
          )}
        </footer>
      </article>
    </div>
  );
}
