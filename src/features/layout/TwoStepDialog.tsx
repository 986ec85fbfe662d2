import './messages/bundled-two-step.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { renderSVG } from 'uqr';
import { $currentUser } from '../../core/session/session.ts';
import dialogCss from '../../ui/dialog.css?inline';
import { adoptCss } from '../../ui/styles.ts';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import twoStepCss from './twoStep.css?inline';
import { Confirm, ConfirmPassword, CopyButton, RecoveryCodes, TurnOff } from './twoStepSteps.tsx';

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
