import { useEffect, useState } from 'react';
import { isApiError } from '../../core/api/client.ts';
import { disableMfa, enableMfa, setupMfa } from '../../core/auth/mfa.ts';
import { formatDateTime } from '../../core/time/format.ts';
import { useT } from '../common/useT.ts';
import { failureText, StepField, useStepForm } from './twoStepForm.tsx';

/** Copies `value`, saying "Copied" for a moment (announced). */
export function CopyButton({ value, label }: { value: string; label: string }) {
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
export function ConfirmPassword({
  onCancel,
  onDone,
}: {
  onCancel: () => void;
  onDone: (pending: { secret: string; otpauth_uri: string }) => void;
}) {
  const t = useT();
  const form = useStepForm({
    check: (password) => (password ? undefined : t('layout.twoStep.passwordRequired')),
    send: async (password) => onDone(await setupMfa(password)),
    failed: (e) => failureText(e, t('core.errors.generic')),
  });
  return (
    <form className="two-step-form" onSubmit={form.submit} noValidate aria-busy={form.pending}>
      <p>{t('layout.twoStep.passwordIntro')}</p>
      <StepField state={form} label={t('layout.twoStep.passwordLabel')} type="password" autoComplete="current-password" />
      <div className="v-dialog-actions">
        <button type="button" className="v-btn" onClick={onCancel}>
          {t('layout.twoStep.cancel')}
        </button>
        <button type="submit" className="v-btn v-btn--primary" aria-disabled={form.pending}>
          {t('layout.twoStep.next')}
        </button>
      </div>
    </form>
  );
}

/** A code as typed, without the spaces people put in it. */
const compact = (code: string) => code.replace(/\s/g, '');

/** Step 3: the first code from the app turns it on. */
export function Confirm({ onBack, onDone }: { onBack: () => void; onDone: (codes: string[]) => void }) {
  const t = useT();
  const form = useStepForm({
    check: (code) => (/^\d{6}$/.test(compact(code)) ? undefined : t('layout.twoStep.codeFormat')),
    send: async (code) => onDone(await enableMfa(compact(code))),
    failed: (e) => (isApiError(e) && e.status === 422 ? t('layout.twoStep.codeWrong') : failureText(e, t('core.errors.generic'))),
  });
  return (
    <form className="two-step-form" onSubmit={form.submit} noValidate aria-busy={form.pending}>
      <p>{t('layout.twoStep.confirmIntro')}</p>
      <StepField
        state={form}
        label={t('layout.twoStep.codeLabel')}
        className="two-step-code"
        name="one-time-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={7}
      />
      <div className="v-dialog-actions">
        <button type="button" className="v-btn" onClick={onBack}>
          {t('layout.twoStep.back')}
        </button>
        <button type="submit" className="v-btn v-btn--primary" aria-disabled={form.pending}>
          {t('layout.twoStep.turnOn')}
        </button>
      </div>
    </form>
  );
}

/** Step 4: the recovery codes, shown once. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
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
export function TurnOff({ enabledAt, onDone }: { enabledAt: string | null | undefined; onDone: () => void }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const [useCode, setUseCode] = useState(false);
  const form = useStepForm({
    check: (proof) => (proof.trim() ? undefined : t(useCode ? 'layout.twoStep.codeFormat' : 'layout.twoStep.passwordRequired')),
    send: async (proof) => {
      await disableMfa(useCode ? { code: proof.trim() } : { password: proof });
      onDone();
    },
    failed: (e) => failureText(e, t('core.errors.generic')),
  });
  const { inputRef } = form;

  useEffect(() => {
    if (asking) inputRef.current?.focus();
  }, [asking, useCode, inputRef]);

  return (
    <>
      <p className="two-step-success">
        {enabledAt ? t('layout.twoStep.onSince', { date: formatDateTime(enabledAt) }) : t('layout.twoStep.stateOn')}
      </p>
      <p>{t('layout.twoStep.onIntro')}</p>
      {asking ? (
        <form className="two-step-form" onSubmit={form.submit} noValidate aria-busy={form.pending}>
          <StepField
            key={useCode ? 'code' : 'password'}
            state={form}
            label={t(useCode ? 'layout.twoStep.offCodeLabel' : 'layout.twoStep.offPasswordLabel')}
            type={useCode ? 'text' : 'password'}
            autoComplete={useCode ? 'one-time-code' : 'current-password'}
            inputMode={useCode ? 'numeric' : undefined}
          />
          <button
            type="button"
            className="two-step-link"
            onClick={() => {
              setUseCode((c) => !c);
              form.clear();
            }}
          >
            {t(useCode ? 'layout.twoStep.offUsePassword' : 'layout.twoStep.offUseCode')}
          </button>
          <div className="v-dialog-actions">
            <button type="button" className="v-btn" onClick={onDone}>
              {t('layout.twoStep.keepOn')}
            </button>
            <button type="submit" className="v-btn v-btn--danger" aria-disabled={form.pending}>
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
