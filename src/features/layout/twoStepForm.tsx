import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { isApiError, type ApiError } from '../../core/api/client.ts';
import { tooManyAttempts } from '../../core/auth/forms.ts';

/** The server's words for a failure: too many attempts with the wait, a field's error, or the generic text. */
export function failureText(e: unknown, fallback: string): string {
  if (!isApiError(e)) return fallback;
  return tooManyAttempts(e) ?? (e as ApiError).errors[0]?.message ?? fallback;
}

/**
 * One field of a two-step form, and its sending: the value, its error (shown on the field,
 * focus back on it), and one request at a time. `check` names what is wrong before sending;
 * `send` makes the call, and what it throws becomes the field's error through `failed`.
 */
export function useStepForm({
  check,
  send,
  failed,
}: {
  check: (value: string) => string | undefined;
  send: (value: string) => Promise<void>;
  failed: (error: unknown) => string;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const wrong = check(value);
    if (wrong) {
      setError(wrong);
      return inputRef.current?.focus();
    }
    setPending(true);
    try {
      await send(value);
    } catch (e) {
      setError(failed(e));
      setPending(false);
      inputRef.current?.focus();
    }
  }

  /** Starts over with an empty field (another kind of proof was chosen). */
  function clear() {
    setValue('');
    setError(undefined);
  }

  return { value, setValue, error, pending, inputRef, submit, clear };
}

type Form = ReturnType<typeof useStepForm>;

/** The form's field: its label, the input and the error the input is described by. */
export function StepField({
  state: form,
  label,
  ...input
}: { state: Form; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>) {
  const id = useId();
  return (
    <div className="v-field">
      <label className="v-label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <input
        {...input}
        ref={form.inputRef}
        id={`${id}-input`}
        className={`v-input${input.className ? ` ${input.className}` : ''}`}
        value={form.value}
        onChange={(e) => form.setValue(e.target.value)}
        aria-invalid={form.error ? true : undefined}
        aria-describedby={form.error ? `${id}-error` : undefined}
      />
      {form.error && (
        <span id={`${id}-error`} className="v-field-error">
          {form.error}
        </span>
      )}
    </div>
  );
}
