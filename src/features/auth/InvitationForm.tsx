import { useId, useRef, useState, type FormEvent } from 'react';
import type { Invitation, MfaChallenge } from '../../core/api/contract.ts';
import { isApiError } from '../../core/api/client.ts';
import { hasErrors, PASSWORD_MIN, serverErrors, type FieldErrors } from '../../core/auth/forms.ts';
import { acceptInvitation, validateAcceptance, type AcceptField } from '../../core/auth/invitation.ts';
import { navigate } from '../../core/router/navigation.ts';
import { pathTo } from '../../core/router/routes.ts';
import { useT } from '../common/useT.ts';
import { TermsText } from './TermsText.tsx';
import { AuthField, SubmitButton } from './AuthField.tsx';
import { FormAlert } from './FormAlert.tsx';
import { fieldText, formText } from './fieldText.ts';
import { useFocusOnLoad } from './focusOnLoad.ts';
import { useFocusFirstError } from './useFocusFirstError.ts';
import { preloadable } from '../common/preloadable.tsx';

const LoginCodeStep = preloadable(() => import('./LoginCodeStep.tsx').then((m) => ({ default: m.LoginCodeStep })));

const FIELDS = ['password', 'password_confirmation', 'accept_terms'] as const;

/**
 * Accepting an invitation: a new password typed twice (or the account's own password), the
 * terms read and accepted. The server's field errors go on their fields; a link that
 * stopped working meanwhile says so above the form. On success the person is signed in
 * (the router leaves this page for home); with two-step sign-in on, the code step follows.
 */
export function InvitationForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const t = useT();
  const newPassword = !invitation.password_set;
  const [values, setValues] = useState({ password: '', password_confirmation: '', accept_terms: false });
  const [errors, setErrors] = useState<FieldErrors<AcceptField>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [challenge, setChallenge] = useState<string | null>(null);
  const focusOnLoad = useFocusOnLoad(true);
  const termsId = useId();
  const refs = {
    password: useRef<HTMLInputElement>(null),
    password_confirmation: useRef<HTMLInputElement>(null),
    accept_terms: useRef<HTMLInputElement>(null),
  };
  useFocusFirstError(
    errors,
    [
      ['password', refs.password],
      ['password_confirmation', refs.password_confirmation],
      ['accept_terms', refs.accept_terms],
    ],
    attempt,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const found = validateAcceptance(values, newPassword);
    setErrors(found);
    setFormErrors([]);
    if (hasErrors(found)) return setAttempt((n) => n + 1);
    setPending(true);
    try {
      const user = await acceptInvitation(token, values.password);
      if ('challenge' in user) setChallenge((user as MfaChallenge).challenge);
    } catch (e) {
      const split = isApiError(e) ? serverErrors(e, FIELDS) : { fields: {}, form: [t('core.errors.generic')] };
      setErrors(split.fields);
      setFormErrors(split.form.map(formText));
      setAttempt((n) => n + 1);
    } finally {
      setPending(false);
    }
  }

  if (challenge)
    return (
      <LoginCodeStep
        email={invitation.email}
        challenge={challenge}
        onBack={() => navigate(pathTo('login', {}, { email: invitation.email }), { replace: true })}
      />
    );

  const termsError = fieldText(errors.accept_terms);
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-busy={pending}>
      <FormAlert messages={formErrors} />
      <div className="auth-fields">
        {/* For password managers: the account this password belongs to. */}
        <input type="email" name="email" autoComplete="username" value={invitation.email} readOnly hidden />
        <AuthField
          label={t(newPassword ? 'auth.fields.newPassword' : 'auth.fields.password')}
          type="password"
          name="password"
          autoComplete={newPassword ? 'new-password' : 'current-password'}
          autoFocus={focusOnLoad}
          value={values.password}
          onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          hint={newPassword ? t('auth.fields.passwordHint', { min: PASSWORD_MIN }) : undefined}
          error={fieldText(errors.password)}
          inputRef={refs.password}
        />
        {newPassword && (
          <AuthField
            label={t('auth.fields.confirmPassword')}
            type="password"
            name="password_confirmation"
            autoComplete="new-password"
            value={values.password_confirmation}
            onChange={(e) => setValues((v) => ({ ...v, password_confirmation: e.target.value }))}
            error={fieldText(errors.password_confirmation)}
            inputRef={refs.password_confirmation}
          />
        )}
        <details className="auth-terms">
          <summary>{t('auth.invitation.readTerms')}</summary>
          <TermsText />
        </details>
        <div className="v-field">
          <label className="auth-check">
            <input
              ref={refs.accept_terms}
              type="checkbox"
              name="accept_terms"
              checked={values.accept_terms}
              onChange={(e) => setValues((v) => ({ ...v, accept_terms: e.target.checked }))}
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? termsId : undefined}
            />
            <span>{t('auth.invitation.terms')}</span>
          </label>
          {termsError && (
            <span id={termsId} className="v-field-error">
              {termsError}
            </span>
          )}
        </div>
      </div>
      <div className="auth-actions">
        <SubmitButton pending={pending}>{t('auth.invitation.submit')}</SubmitButton>
      </div>
    </form>
  );
}
