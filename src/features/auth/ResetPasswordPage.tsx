import './messages/bundled.ts';
import authCss from './auth.css?inline';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { AuthCard } from './AuthCard.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';

/** /reset-password/{token}?email=…: the link of the reset e-mail. */
export function ResetPasswordPage({ token, search }: { token: string; search: Record<string, string> }) {
  const t = useT();
  useStyles(authCss);
  usePageTitle(t('auth.reset.title'));
  return (
    <div className="auth-page">
      <AuthCard title={t('auth.reset.heading')} intro={t('auth.reset.intro')}>
        <ResetPasswordForm token={token} initialEmail={search.email} />
      </AuthCard>
    </div>
  );
}
