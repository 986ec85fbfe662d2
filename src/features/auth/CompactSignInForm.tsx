import './messages/bundled.ts';
import { useState } from 'react';
import authCss from './auth.css?inline';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { LoginForm } from './LoginForm.tsx';

/**
 * The form of the compact sign-in (see CompactSignIn.tsx, which loads it on demand):
 * signing in here signs in every element of the page; the reset request happens in place.
 */
export function CompactSignInForm() {
  const t = useT();
  useStyles(authCss);
  const [mode, setMode] = useState({ forgot: false, email: '', moved: false });
  return (
    <div className="v-card auth-compact" part="sign-in">
      {mode.forgot ? (
        <ForgotPasswordForm
          compact
          autoFocus
          initialEmail={mode.email}
          back={
            <button type="button" className="auth-link-button" onClick={() => setMode({ forgot: false, email: mode.email, moved: true })}>
              {t('auth.forgot.back')}
            </button>
          }
        />
      ) : (
        <>
          <p className="v-muted">{t('auth.compact.intro')}</p>
          <LoginForm
            compact
            initialEmail={mode.email}
            autoFocus={mode.moved}
            onForgot={(email) => setMode({ forgot: true, email, moved: true })}
          />
        </>
      )}
    </div>
  );
}
