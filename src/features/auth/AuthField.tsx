import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useT } from '../common/useT.ts';

export interface AuthFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  /** Shown under the field, announced with it, and marks it invalid. */
  error?: string | undefined;
  hint?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error tied to it (aria-describedby, aria-invalid). */
export function AuthField({ label, error, hint, inputRef, id, ...input }: AuthFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  // The error replaces the hint (they usually say the same thing).
  const showHint = hint && !error;
  const describedBy = [showHint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="v-field">
      <label className="v-label" htmlFor={fieldId}>
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={fieldId}
        className="v-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {showHint && (
        <span id={hintId} className="v-small v-muted">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="v-field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** The e-mail field of the sign-in, forgot- and reset-password forms. */
export function EmailField(props: Omit<AuthFieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'inputMode' | 'spellCheck'>) {
  const t = useT();
  return (
    <AuthField
      {...props}
      label={t('auth.fields.email')}
      type="email"
      name="email"
      autoComplete="username"
      inputMode="email"
      spellCheck={false}
    />
  );
}

/** A form's primary submit button, with a spinner while the request is under way (not disabled, so it keeps focus). */
export function SubmitButton({ pending, block = true, children }: { pending: boolean; block?: boolean; children: ReactNode }) {
  return (
    <button className={block ? 'v-btn v-btn--primary v-btn--block' : 'v-btn v-btn--primary'} type="submit" aria-disabled={pending}>
      {pending && <span className="auth-btn-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
