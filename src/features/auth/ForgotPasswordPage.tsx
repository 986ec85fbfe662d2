import './messages/bundled.ts';
import authCss from './auth.css?inline';
import { pathTo } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { AuthCard } from './AuthCard.tsx';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';

/** /forgot-password: request a reset link (the e-mail typed on the sign-in card comes along as `?email=`). */
export function ForgotPasswordPage({ search }: { search: Record<string, string> }) {
  const t = useT();
  useStyles(authCss);
  usePageTitle(t('auth.forgot.title'));
  return (
    <div className="auth-page">
      <AuthCard title={t('auth.forgot.heading')}>
        <ForgotPasswordForm
          autoFocus
          initialEmail={search.email}
          back={
            <Link className="auth-link" to={pathTo('login', {}, search.email ? { email: search.email } : undefined)}>
              {t('auth.forgot.back')}
            </Link>
          }
        />
      </AuthCard>
    </div>
  );
}
