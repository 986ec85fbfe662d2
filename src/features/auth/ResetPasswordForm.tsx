import './messages/bundled.ts';
import { useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../core/api/client.ts';
import { hasErrors, PASSWORD_MIN, serverErrors, validateReset, type FieldErrors, type ResetField } from '../../core/auth/forms.ts';
import { navigate } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { resetPassword } from '../../core/session/sign-in.ts';
import { showSuccess } from '../../core/toasts/toasts.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import { AuthField, EmailField, SubmitButton } from './AuthField.tsx';
import { FormAlert } from './FormAlert.tsx';
import { fieldText, formText } from './fieldText.ts';
import { useFocusOnLoad } from './focusOnLoad.ts';
import { useFocusFirstError } from './useFocusFirstError.ts';

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

/**
 * Sets a new password with the token of the e-mailed link. The server's field errors go
 * on their fields; a bad or expired token offers a new link. On success: to sign-in.
 */
export function ResetPasswordForm({ token, initialEmail = '' }: { token: string; initialEmail?: string | undefined }) {
  const t = useT();
  const [values, setValues] = useState({ email: initialEmail, password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors<ResetField>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [tokenProblem, setTokenProblem] = useState(false);
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const focusOnLoad = useFocusOnLoad(true);
  const refs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    password_confirmation: useRef<HTMLInputElement>(null),
  };
  useFocusFirstError(
    errors,
    [
      ['email', refs.email],
      ['password', refs.password],
      ['password_confirmation', refs.password_confirmation],
    ],
    attempt,
  );

  const set = (field: ResetField) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const found = validateReset(values);
    setErrors(found);
    setFormErrors([]);
    setTokenProblem(false);
    if (hasErrors(found)) return setAttempt((n) => n + 1);
    setPending(true);
    try {
      const email = values.email.trim();
      await resetPassword({ token, email, password: values.password, password_confirmation: values.password_confirmation });
      showSuccess('auth.reset.done');
      navigate(pathTo('login', {}, { email }), { replace: true });
    } catch (e) {
      const split = isApiError(e) ? serverErrors(e, FIELDS) : { fields: {}, form: [t('core.errors.generic')] };
      setErrors(split.fields);
      setFormErrors(split.form.map(formText));
      setTokenProblem(isApiError(e) && 'token' in e.fieldErrors());
      setAttempt((n) => n + 1);
    } finally {
      setPending(false);
    }
  }

  const email = values.email.trim();
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-busy={pending}>
      <FormAlert messages={formErrors}>
        {tokenProblem && (
          <p>
            <Link className="auth-link" to={pathTo('forgotPassword', {}, email ? { email } : undefined)}>
              {t('auth.reset.requestNew')}
            </Link>
          </p>
        )}
      </FormAlert>
      <div className="auth-fields">
        <EmailField value={values.email} onChange={set('email')} error={fieldText(errors.email)} inputRef={refs.email} />
        <AuthField
          label={t('auth.fields.newPassword')}
          type="password"
          name="password"
          autoComplete="new-password"
          autoFocus={focusOnLoad}
          value={values.password}
          onChange={set('password')}
          hint={t('auth.fields.passwordHint', { min: PASSWORD_MIN })}
          error={fieldText(errors.password)}
          inputRef={refs.password}
        />
        <AuthField
          label={t('auth.fields.confirmPassword')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={fieldText(errors.password_confirmation)}
          inputRef={refs.password_confirmation}
        />
      </div>
      <div className="auth-actions">
        <SubmitButton pending={pending}>{t('auth.reset.submit')}</SubmitButton>
      </div>
    </form>
  );
}
