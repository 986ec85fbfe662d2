import './messages/bundled.ts';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import authCss from './auth.css?inline';
import { emit } from '../../core/events.ts';
import { $currentUser, logout } from '../../core/session/session.ts';
import { useElementScope } from '../common/element/context.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { AuthCard } from './AuthCard.tsx';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { LoginForm } from './LoginForm.tsx';

/**
 * `<vigil-login>` on an integrator's page: the sign-in card with the forgot-password flow
 * inside it; once signed in, who is signed in and a way to sign out.
 */
export function LoginElement() {
  const t = useT();
  useStyles(authCss);
  const { host } = useElementScope();
  const user = useStore($currentUser);
  const [mode, setMode] = useState({ forgot: false, email: '', moved: false });

  if (user) {
    return (
      <section className="auth-card v-card auth-signed-in" part="card">
        <p role="status">{t('auth.login.signedInAs', { name: user.name })}</p>
        <button
          type="button"
          className="v-btn"
          onClick={() => {
            void logout().then(() => emit(host, 'vigil-signed-out', {}));
          }}
        >
          {t('auth.login.signOut')}
        </button>
      </section>
    );
  }

  if (mode.forgot) {
    return (
      <AuthCard level={2} title={t('auth.forgot.heading')}>
        <ForgotPasswordForm
          autoFocus
          initialEmail={mode.email}
          back={
            <button type="button" className="auth-link-button" onClick={() => setMode({ forgot: false, email: mode.email, moved: true })}>
              {t('auth.forgot.back')}
            </button>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard level={2} title={t('auth.login.heading')} intro={t('auth.login.intro')}>
      <LoginForm initialEmail={mode.email} autoFocus={mode.moved} onForgot={(email) => setMode({ forgot: true, email, moved: true })} />
    </AuthCard>
  );
}
