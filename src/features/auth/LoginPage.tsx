import './messages/bundled.ts';
import authCss from './auth.css?inline';
import { pathTo } from '../../core/router/routes.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { AuthCard } from './AuthCard.tsx';
import { LoginForm } from './LoginForm.tsx';

/** /login: the sign-in card. After signing in the guard returns to `redirectFrom` (or home). */
export function LoginPage({ search }: { search: Record<string, string> }) {
  const t = useT();
  useStyles(authCss);
  usePageTitle(t('auth.login.title'));
  return (
    <div className="auth-page">
      <AuthCard title={t('auth.login.heading')} intro={t('auth.login.intro')}>
        <LoginForm
          autoFocus
          initialEmail={search.email}
          forgotTo={(email) => pathTo('forgotPassword', {}, email ? { email } : undefined)}
        />
      </AuthCard>
    </div>
  );
}
