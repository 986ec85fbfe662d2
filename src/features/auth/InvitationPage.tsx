import './messages/bundled.ts';
import './messages/bundled-invitation.ts';
import { useEffect, useState } from 'react';
import type { Invitation } from '../../core/api/contract.ts';
import { invitationProblem, openInvitation, type InvitationProblem } from '../../core/auth/invitation.ts';
import { formatDateTime } from '../../core/time/format.ts';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import authCss from './auth.css?inline';
import { AuthCard } from './AuthCard.tsx';
import { InvitationForm } from './InvitationForm.tsx';

type State = { status: 'loading' } | { status: 'ready'; invitation: Invitation } | { status: 'problem'; problem: InvitationProblem };

/**
 * /invitation/{token}: the link of an invitation's e-mail (docs/invitations.md). Says who is
 * invited to which project; the person chooses a password (or gives their account's),
 * accepts the terms and is signed in — the router then takes them home, as after a sign-in.
 */
export function InvitationPage({ token }: { token: string }) {
  const t = useT();
  useStyles(authCss);
  usePageTitle(t('auth.invitation.title'));
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    openInvitation(token, controller.signal).then(
      (invitation) => setState({ status: 'ready', invitation }),
      (e: unknown) => !controller.signal.aborted && setState({ status: 'problem', problem: invitationProblem(e) }),
    );
    return () => controller.abort();
  }, [token, attempt]);

  if (state.status === 'loading') return <Spinner label={t('auth.invitation.loading')} />;
  if (state.status === 'problem') {
    return (
      <div className="auth-page">
        <AuthCard title={t('auth.invitation.title')}>
          <div className="auth-form">
            <p role="alert" className="v-message">
              {t(`auth.invitation.${state.problem}`)}
            </p>
            <div className="auth-actions">
              {state.problem === 'failed' ? (
                <button type="button" className="v-btn v-btn--primary v-btn--block" onClick={() => setAttempt((n) => n + 1)}>
                  {t('auth.invitation.retry')}
                </button>
              ) : (
                <Link className="v-btn v-btn--primary v-btn--block" to={pathTo('login')}>
                  {t('auth.invitation.signIn')}
                </Link>
              )}
            </div>
          </div>
        </AuthCard>
      </div>
    );
  }
  const { invitation } = state;
  const who = { name: invitation.name, email: invitation.email };
  return (
    <div className="auth-page">
      <AuthCard
        title={t('auth.invitation.heading', { project: invitation.project.name })}
        intro={t(invitation.password_set ? 'auth.invitation.introKnown' : 'auth.invitation.introNew', who)}
      >
        <InvitationForm token={token} invitation={invitation} />
        <p className="v-small v-muted auth-expires">{t('auth.invitation.expires', { when: formatDateTime(invitation.expires_at) })}</p>
      </AuthCard>
    </div>
  );
}
