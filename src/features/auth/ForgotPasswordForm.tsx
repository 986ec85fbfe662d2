import './messages/bundled.ts';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '../../core/api/client.ts';
import { hasErrors, serverErrors, validateForgot, type FieldErrors } from '../../core/auth/forms.ts';
import { forgotPassword } from '../../core/session/sign-in.ts';
import { useT } from '../common/useT.ts';
import { EmailField, SubmitButton } from './AuthField.tsx';
import { FormAlert } from './FormAlert.tsx';
import { fieldText, formText } from './fieldText.ts';
import { useFocusOnLoad } from './focusOnLoad.ts';
import { useFocusFirstError } from './useFocusFirstError.ts';

export interface ForgotPasswordFormProps {
  initialEmail?: string | undefined;
  /** The way back to signing in (a route link in the portal, a button when embedded). */
  back: ReactNode;
  compact?: boolean;
  autoFocus?: boolean;
}

/** Requests a password-reset link; then says to check the mailbox (whether or not the address is known). */
export function ForgotPasswordForm({ initialEmail = '', back, compact = false, autoFocus = false }: ForgotPasswordFormProps) {
  const t = useT();
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const focusOnLoad = useFocusOnLoad(autoFocus);
  const emailRef = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  useFocusFirstError(errors, [['email', emailRef]], attempt);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const found = validateForgot({ email });
    setErrors(found);
    setFormErrors([]);
    if (hasErrors(found)) return setAttempt((n) => n + 1);
    setPending(true);
    try {
      await forgotPassword(email.trim());
      setSentTo(email.trim());
      queueMicrotask(() => sentRef.current?.focus());
    } catch (e) {
      const split = isApiError(e) ? serverErrors(e, ['email'] as const) : { fields: {}, form: [t('core.errors.generic')] };
      setErrors(split.fields);
      setFormErrors(split.form.map(formText));
      setAttempt((n) => n + 1);
    } finally {
      setPending(false);
    }
  }

  if (sentTo !== null) {
    return (
      <div className="auth-sent" ref={sentRef} tabIndex={-1} role="status">
        <h2 className="auth-sent-title">{t('auth.forgot.sentHeading')}</h2>
        <p>{t('auth.forgot.sent', { email: sentTo })}</p>
        <div className="auth-actions">{back}</div>
      </div>
    );
  }

  return (
    <form className={compact ? 'auth-form auth-form--compact' : 'auth-form'} onSubmit={submit} noValidate aria-busy={pending}>
      <p className="v-muted">{t('auth.forgot.intro')}</p>
      <FormAlert messages={formErrors} />
      <div className="auth-fields">
        <EmailField
          autoFocus={focusOnLoad}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldText(errors.email)}
          inputRef={emailRef}
        />
      </div>
      <div className="auth-actions">
        <SubmitButton pending={pending} block={!compact}>
          {t('auth.forgot.submit')}
        </SubmitButton>
        {back}
      </div>
    </form>
  );
}
