import './messages/bundled-mfa.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../core/api/client.ts';
import { tooManyAttempts } from '../../core/auth/forms.ts';
import { emit } from '../../core/events.ts';
import { loginWithCode, MFA_CHALLENGE_INVALID } from '../../core/auth/mfa.ts';
import { useElementScope } from '../common/element/context.ts';
import { useT } from '../common/useT.ts';
import { AuthField, SubmitButton } from './AuthField.tsx';
import { FormAlert } from './FormAlert.tsx';

export interface LoginCodeStepProps {
  email: string;
  challenge: string;
  compact?: boolean;
  /** Back to the password step (to change the e-mail, or because the sign-in expired: `message` says so). */
  onBack: (message?: string) => void;
}

/**
 * The second step of a sign-in with two-step sign-in on: the 6-digit code from the
 * authenticator app, or a recovery code instead. A wrong code is said on the field, which
 * keeps focus; too many tries say how long to wait; an expired or used sign-in goes back
 * to the password step with the e-mail kept. Loaded only when the server asks for a code.
 */
export function LoginCodeStep({ email, challenge, compact = false, onBack }: LoginCodeStepProps) {
  const t = useT();
  const { host } = useElementScope();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => codeRef.current?.focus(), [recovery]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const typed = code.trim();
    setFormErrors([]);
    if (recovery ? typed.replace(/[\s-]/g, '').length !== 10 : !/^\d{6}$/.test(typed.replace(/\s/g, ''))) {
      setError(t(recovery ? 'auth.mfa.recoveryFormat' : 'auth.mfa.codeFormat'));
      codeRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      const user = await loginWithCode(challenge, typed);
      emit(host, 'vigil-signed-in', { username: user.username, name: user.name });
    } catch (e) {
      const wait = isApiError(e) ? tooManyAttempts(e) : undefined;
      if (isApiError(e) && e.errors.some((item) => item.code === MFA_CHALLENGE_INVALID)) return onBack(t('auth.mfa.expired'));
      if (wait) {
        setError(undefined);
        setFormErrors([wait]);
      } else if (isApiError(e) && e.status === 422) {
        setError(t(recovery ? 'auth.mfa.recoveryWrong' : 'auth.mfa.codeWrong'));
        setCode('');
      } else setFormErrors([t('core.errors.generic')]);
      codeRef.current?.focus();
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={compact ? 'auth-form auth-form--compact' : 'auth-form'} onSubmit={submit} noValidate aria-busy={pending}>
      <p className="auth-mfa-intro">{t('auth.mfa.intro', { email })}</p>
      <FormAlert messages={formErrors} />
      <div className="auth-fields">
        {recovery ? (
          <AuthField
            key="recovery"
            label={t('auth.mfa.recoveryLabel')}
            hint={t('auth.mfa.recoveryHint')}
            name="recovery-code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error}
            inputRef={codeRef}
          />
        ) : (
          <AuthField
            key="totp"
            label={t('auth.mfa.codeLabel')}
            hint={t('auth.mfa.codeHint')}
            name="one-time-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error}
            inputRef={codeRef}
          />
        )}
      </div>
      <div className="auth-actions">
        <SubmitButton pending={pending} block={!compact}>
          {t('auth.mfa.submit')}
        </SubmitButton>
        <button
          type="button"
          className="auth-link-button"
          onClick={() => {
            setRecovery((r) => !r);
            setCode('');
            setError(undefined);
          }}
        >
          {t(recovery ? 'auth.mfa.useApp' : 'auth.mfa.useRecovery')}
        </button>
        <button type="button" className="auth-link-button" onClick={() => onBack()}>
          {t('auth.mfa.back')}
        </button>
      </div>
    </form>
  );
}
