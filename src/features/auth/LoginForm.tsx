import './messages/bundled.ts';
import { useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../core/api/client.ts';
import type { MfaChallenge } from '../../core/api/contract.ts';
import { hasErrors, serverErrors, validateLogin, type FieldErrors } from '../../core/auth/forms.ts';
import { emit } from '../../core/events.ts';
import { login } from '../../core/session/sign-in.ts';
import { useElementScope } from '../common/element/context.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import { AuthField, EmailField, SubmitButton } from './AuthField.tsx';
import { FormAlert } from './FormAlert.tsx';
import { fieldText, formText } from './fieldText.ts';
import { useFocusOnLoad } from './focusOnLoad.ts';
import { useFocusFirstError } from './useFocusFirstError.ts';
import { preloadable } from '../common/preloadable.tsx';

type Field = 'email' | 'password';

// Loaded only when the server asks for a code: most accounts never need it.
const LoginCodeStep = preloadable(() => import('./LoginCodeStep.tsx').then((m) => ({ default: m.LoginCodeStep })));

export interface LoginFormProps {
  initialEmail?: string | undefined;
  /** The portal: "Forgot your password?" links to this route (given the typed e-mail). */
  forgotTo?: (email: string) => string;
  /** Embedded: "Forgot your password?" switches to the reset request in place. */
  onForgot?: (email: string) => void;
  /** Side by side fields (the compact sign-in of embedded elements). */
  compact?: boolean;
  autoFocus?: boolean;
}

/**
 * The sign-in form: checks the fields before sending, shows the server's errors on their
 * fields, keeps what was typed when it fails, and emits `vigil-signed-in` on success.
 * Where to go next is not its business (the portal's guard returns to `redirectFrom`).
 */
export function LoginForm({ initialEmail = '', forgotTo, onForgot, compact = false, autoFocus = false }: LoginFormProps) {
  const t = useT();
  const { host } = useElementScope();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [returned, setReturned] = useState(false);
  const focusOnLoad = useFocusOnLoad(autoFocus);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useFocusFirstError(
    errors,
    [
      ['email', emailRef],
      ['password', passwordRef],
    ],
    attempt,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const found = validateLogin({ email, password });
    setErrors(found);
    setFormErrors([]);
    if (hasErrors(found)) return setAttempt((n) => n + 1);
    setPending(true);
    try {
      const user = await login(email.trim(), password);
      if ('challenge' in user) {
        setPassword('');
        return setChallenge((user as MfaChallenge).challenge);
      }
      emit(host, 'vigil-signed-in', { username: user.username, name: user.name });
    } catch (e) {
      const split = isApiError(e) ? serverErrors(e, ['email', 'password'] as const) : { fields: {}, form: [t('core.errors.generic')] };
      setErrors(split.fields);
      setFormErrors(split.form.map(formText));
      setAttempt((n) => n + 1);
      if (!hasErrors(split.fields)) emailRef.current?.focus();
    } finally {
      setPending(false);
    }
  }

  const forgotLabel = t('auth.login.forgot');
  const forgot = forgotTo ? (
    <Link className="auth-link" to={forgotTo(email.trim())}>
      {forgotLabel}
    </Link>
  ) : onForgot ? (
    <button type="button" className="auth-link-button" onClick={() => onForgot(email.trim())}>
      {forgotLabel}
    </button>
  ) : null;

  if (challenge)
    return (
      <LoginCodeStep
        email={email.trim()}
        challenge={challenge}
        compact={compact}
        onBack={(message) => {
          setChallenge(null);
          setReturned(true);
          setFormErrors(message ? [message] : []);
        }}
      />
    );

  return (
    <form className={compact ? 'auth-form auth-form--compact' : 'auth-form'} onSubmit={submit} noValidate aria-busy={pending}>
      <FormAlert messages={formErrors} />
      <div className="auth-fields">
        <EmailField
          autoFocus={focusOnLoad || returned}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldText(errors.email)}
          inputRef={emailRef}
        />
        <AuthField
          label={t('auth.fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldText(errors.password)}
          inputRef={passwordRef}
        />
      </div>
      <div className="auth-actions">
        <SubmitButton pending={pending} block={!compact}>
          {t('auth.login.submit')}
        </SubmitButton>
        {forgot}
      </div>
    </form>
  );
}
