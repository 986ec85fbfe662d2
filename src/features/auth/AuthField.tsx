import { useId, type InputHTMLAttributes, type Ref } from 'react';

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
