import './messages/bundled-two-step.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { renderSVG } from 'uqr';
import { isApiError, type ApiError } from '../../core/api/client.ts';
import { tooManyAttempts } from '../../core/auth/forms.ts';
import { formatDateTime } from '../../core/time/format.ts';
import { disableMfa, enableMfa, setupMfa } from '../../core/auth/mfa.ts';
import { $currentUser } from '../../core/session/session.ts';
import dialogCss from '../../ui/dialog.css?inline';
import { adoptCss } from '../../ui/styles.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import twoStepCss from './twoStep.css?inline';

type Step =
  { name: 'scan'; secret: string; uri: string } | { name: 'confirm'; secret: string; uri: string } | { name: 'codes'; codes: string[] };

/** The secret as people type it: groups of four. */
const grouped = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The QR code of the otpauth URI as an image: uqr's SVG as a data: URL, which the strict
 * CSP allows for images (img-src data:) and which never goes through an HTML sink, so
 * Trusted Types have nothing to check.
 */
const qrSrc = (uri: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { border: 2 }))}`;

/** The server's words for a failure: too many attempts with the wait, a field's error, or the generic text. */
function failureText(e: unknown, fallback: string): string {
  if (!isApiError(e)) return fallback;
  return tooManyAttempts(e) ?? (e as ApiError).errors[0]?.message ?? fallback;
}

/**
 * Two-step sign-in for the signed-in user, as a modal dialog. Off: step 1 asks for the
 * password again (the server refuses a set-up without it, so a session alone cannot turn
 * it on); step 2 shows the QR code and the secret (in groups of four, with Copy) for an
 * authenticator app; step 3 confirms with a first code, which signs every other device
 * out and gives this one a fresh session; step 4 shows the ten recovery codes once (Copy,
 * Download as .txt, "I have saved them"). On: since when, and "Turn off" with the
 * password or a current code.
 */
export function TwoStepDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  useStyles(twoStepCss);
  const user = useStore($currentUser);
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<Step | null>(null);
  const on = user?.mfa_enabled === true && step?.name !== 'codes';

  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    adoptCss(dialog.getRootNode() as ShadowRoot | Document, dialogCss);
    dialog.showModal();
    headingRef.current?.focus();
    return () => dialog.close();
  }, []);

  // A new step: its heading takes focus, so a screen reader reads where it is.
  useEffect(() => headingRef.current?.focus(), [step?.name]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    // The menu behind must not close too.
    event.preventDefault();
    event.stopPropagation();
    onClose();
  }

  let title: string;
  let body: ReactNode;
  if (on) {
    title = t('layout.twoStep.onTitle');
    body = <TurnOff enabledAt={user?.mfa_enabled_at} onDone={onClose} />;
  } else if (!step) {
    title = t('layout.twoStep.setupTitle');
    body = (
      <ConfirmPassword
        onCancel={onClose}
        onDone={(pending) => setStep({ name: 'scan', secret: pending.secret, uri: pending.otpauth_uri })}
      />
    );
  } else if (step.name === 'scan') {
    title = t('layout.twoStep.scanTitle');
    body = (
      <>
        <p>{t('layout.twoStep.scanIntro')}</p>
        <img className="two-step-qr" src={qrSrc(step.uri)} width={184} height={184} alt={t('layout.twoStep.qrAlt')} />
        <p className="v-small v-muted">{t('layout.twoStep.secretIntro')}</p>
        <div className="two-step-secret">
          <code aria-label={t('layout.twoStep.secretLabel')}>{grouped(step.secret)}</code>
          <CopyButton value={step.secret} label={t('layout.twoStep.copySecret')} />
        </div>
        <div className="v-dialog-actions">
          <button type="button" className="v-btn" onClick={onClose}>
            {t('layout.twoStep.cancel')}
          </button>
          <button type="button" className="v-btn v-btn--primary" onClick={() => setStep({ ...step, name: 'confirm' })}>
            {t('layout.twoStep.next')}
          </button>
        </div>
      </>
    );
  } else if (step.name === 'confirm') {
    title = t('layout.twoStep.confirmTitle');
    body = <Confirm onBack={() => setStep({ ...step, name: 'scan' })} onDone={(codes) => setStep({ name: 'codes', codes })} />;
  } else {
    title = t('layout.twoStep.codesTitle');
    body = <RecoveryCodes codes={step.codes} onDone={onClose} />;
  }

  const stepNumber = on ? undefined : !step ? 1 : { scan: 2, confirm: 3, codes: 4 }[step.name];
  return (
    <dialog
      ref={dialogRef}
      className="v-dialog-backdrop"
      aria-labelledby={`${id}-title`}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="v-dialog two-step-dialog" part="dialog">
        <div className="two-step-head">
          <div>
            {stepNumber && (
              <p className="v-small v-muted two-step-progress">{t('layout.twoStep.progress', { step: stepNumber, total: 4 })}</p>
            )}
            <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="two-step-title">
              {title}
            </h2>
          </div>
          <button type="button" className="v-btn two-step-close" onClick={onClose} aria-label={t('layout.twoStep.close')}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {body}
      </div>
    </dialog>
  );
}

/** Copies `value`, saying "Copied" for a moment (announced). */
function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useT();
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 4000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <>
      <button
        type="button"
        className="v-btn"
        onClick={() => {
          if (!navigator.clipboard) return setCopied(false);
          navigator.clipboard.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {label}
      </button>
      <span role="status" className="v-small two-step-copied">
        {copied === null ? '' : t(copied ? 'layout.twoStep.copied' : 'layout.twoStep.copyFailed')}
      </span>
    </>
  );
}

/** Step 1: the password again; answers the pending secret. */
function ConfirmPassword({
  onCancel,
  onDone,
}: {
  onCancel: () => void;
  onDone: (pending: { secret: string; otpauth_uri: string }) => void;
}) {
  const t = useT();
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!password) {
      setError(t('layout.twoStep.passwordRequired'));
      return inputRef.current?.focus();
    }
    setPending(true);
    try {
      onDone(await setupMfa(password));
    } catch (e) {
      setError(failureText(e, t('core.errors.generic')));
      setPending(false);
      inputRef.current?.focus();
    }
  }

  return (
    <form className="two-step-form" onSubmit={submit} noValidate aria-busy={pending}>
      <p>{t('layout.twoStep.passwordIntro')}</p>
      <div className="v-field">
        <label className="v-label" htmlFor={`${id}-password`}>
          {t('layout.twoStep.passwordLabel')}
        </label>
        <input
          ref={inputRef}
          id={`${id}-password`}
          className="v-input"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <span id={`${id}-error`} className="v-field-error">
            {error}
          </span>
        )}
      </div>
      <div className="v-dialog-actions">
        <button type="button" className="v-btn" onClick={onCancel}>
          {t('layout.twoStep.cancel')}
        </button>
        <button type="submit" className="v-btn v-btn--primary" aria-disabled={pending}>
          {t('layout.twoStep.next')}
        </button>
      </div>
    </form>
  );
}

/** Step 3: the first code from the app turns it on. */
function Confirm({ onBack, onDone }: { onBack: () => void; onDone: (codes: string[]) => void }) {
  const t = useT();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError(t('layout.twoStep.codeFormat'));
      return inputRef.current?.focus();
    }
    setPending(true);
    try {
      onDone(await enableMfa(code.replace(/\s/g, '')));
    } catch (e) {
      setError(isApiError(e) && e.status === 422 ? t('layout.twoStep.codeWrong') : failureText(e, t('core.errors.generic')));
      setPending(false);
      inputRef.current?.focus();
    }
  }

  return (
    <form className="two-step-form" onSubmit={submit} noValidate aria-busy={pending}>
      <p>{t('layout.twoStep.confirmIntro')}</p>
      <div className="v-field">
        <label className="v-label" htmlFor={`${id}-code`}>
          {t('layout.twoStep.codeLabel')}
        </label>
        <input
          ref={inputRef}
          id={`${id}-code`}
          className="v-input two-step-code"
          name="one-time-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <span id={`${id}-error`} className="v-field-error">
            {error}
          </span>
        )}
      </div>
      <div className="v-dialog-actions">
        <button type="button" className="v-btn" onClick={onBack}>
          {t('layout.twoStep.back')}
        </button>
        <button type="submit" className="v-btn v-btn--primary" aria-disabled={pending}>
          {t('layout.twoStep.turnOn')}
        </button>
      </div>
    </form>
  );
}

/** Step 4: the recovery codes, shown once. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const text = codes.join('\n');
  const [href] = useState(() => URL.createObjectURL(new Blob([`${t('layout.twoStep.fileHeading')}\n\n${text}\n`], { type: 'text/plain' })));
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <>
      <p role="status" className="two-step-success">
        {t('layout.twoStep.nowOn')}
      </p>
      <p>{t('layout.twoStep.signedOutElsewhere')}</p>
      <p>{t('layout.twoStep.codesIntro')}</p>
      <ol className="two-step-codes" aria-label={t('layout.twoStep.codesLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="two-step-code-actions">
        <CopyButton value={text} label={t('layout.twoStep.copyCodes')} />
        <a className="v-btn" href={href} download="vigil-recovery-codes.txt">
          {t('layout.twoStep.download')}
        </a>
      </div>
      <div className="v-dialog-actions">
        <button type="button" className="v-btn v-btn--primary" onClick={onDone}>
          {t('layout.twoStep.saved')}
        </button>
      </div>
    </>
  );
}

/** On: since when, and turning it off with the password or a current code. */
function TurnOff({ enabledAt, onDone }: { enabledAt: string | null | undefined; onDone: () => void }) {
  const t = useT();
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [useCode, setUseCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (asking) inputRef.current?.focus();
  }, [asking, useCode]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!value.trim()) {
      setError(t(useCode ? 'layout.twoStep.codeFormat' : 'layout.twoStep.passwordRequired'));
      return inputRef.current?.focus();
    }
    setPending(true);
    try {
      await disableMfa(useCode ? { code: value.trim() } : { password: value });
      onDone();
    } catch (e) {
      setError(failureText(e, t('core.errors.generic')));
      setPending(false);
      inputRef.current?.focus();
    }
  }

  return (
    <>
      <p className="two-step-success">
        {enabledAt ? t('layout.twoStep.onSince', { date: formatDateTime(enabledAt) }) : t('layout.twoStep.stateOn')}
      </p>
      <p>{t('layout.twoStep.onIntro')}</p>
      {asking ? (
        <form className="two-step-form" onSubmit={submit} noValidate aria-busy={pending}>
          <div className="v-field">
            <label className="v-label" htmlFor={`${id}-proof`}>
              {t(useCode ? 'layout.twoStep.offCodeLabel' : 'layout.twoStep.offPasswordLabel')}
            </label>
            <input
              key={useCode ? 'code' : 'password'}
              ref={inputRef}
              id={`${id}-proof`}
              className="v-input"
              type={useCode ? 'text' : 'password'}
              autoComplete={useCode ? 'one-time-code' : 'current-password'}
              inputMode={useCode ? 'numeric' : undefined}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error && (
              <span id={`${id}-error`} className="v-field-error">
                {error}
              </span>
            )}
          </div>
          <button
            type="button"
            className="two-step-link"
            onClick={() => {
              setUseCode((c) => !c);
              setValue('');
              setError(undefined);
            }}
          >
            {t(useCode ? 'layout.twoStep.offUsePassword' : 'layout.twoStep.offUseCode')}
          </button>
          <div className="v-dialog-actions">
            <button type="button" className="v-btn" onClick={onDone}>
              {t('layout.twoStep.keepOn')}
            </button>
            <button type="submit" className="v-btn v-btn--danger" aria-disabled={pending}>
              {t('layout.twoStep.turnOff')}
            </button>
          </div>
        </form>
      ) : (
        <div className="v-dialog-actions">
          <button type="button" className="v-btn" onClick={onDone}>
            {t('layout.twoStep.close')}
          </button>
          <button type="button" className="v-btn v-btn--danger" onClick={() => setAsking(true)}>
            {t('layout.twoStep.turnOffStart')}
          </button>
        </div>
      )}
    </>
  );
}
