import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { MANAGE_USERS, PERMISSIONS, VIEW } from '../../core/api/constants.ts';
import type { ProjectUser } from '../../core/api/contract.ts';
import { tKey } from '../../core/i18n/i18n.ts';
import type { MutationResult } from '../../core/users/users.ts';
import type { FieldErrors, FieldMessage, UserField } from '../../core/users/validation.ts';
import { useT } from '../common/useT.ts';
import { permissionName } from '../../core/i18n/codes.ts';
import { permissionHint } from './permissionHints.ts';

export interface UserFormValues {
  email: string;
  name: string;
  permissions: string[];
}

export interface UserFormProps {
  mode: 'add' | 'edit';
  /** The member being edited (edit mode). */
  user?: ProjectUser;
  /** The member is the signed-in user. */
  isSelf?: boolean;
  /** ... and the only one with 'manage users': that box is locked. */
  lastManager?: boolean;
  /**
   * The signed-in manager's own permissions on the project: nobody gives what they do not
   * hold (the server refuses it), so the other boxes are locked with a hint.
   */
  grantable?: readonly string[];
  /** Sends the values; resolves to null when nothing was sent (a confirmation was declined). */
  onSubmit: (values: UserFormValues) => Promise<MutationResult<ProjectUser> | null>;
  onCancel: () => void;
  onDone: (user: ProjectUser) => void;
}

const text = (m: FieldMessage) => ('key' in m ? tKey(m.key) : m.text);

/**
 * Add or edit a project user. What was typed stays after a failure; each error sits on
 * its field (aria-invalid, aria-describedby) and the first one gets focus.
 */
export function UserForm({ mode, user, isSelf = false, lastManager = false, grantable, onSubmit, onCancel, onDone }: UserFormProps) {
  const t = useT();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(user?.email ?? '');
  const [name, setName] = useState(user?.name ?? '');
  // Every permission includes 'view' (the server refuses a list without it): always ticked.
  const [permissions, setPermissions] = useState<string[]>(user ? [VIEW, ...user.permissions.filter((p) => p !== VIEW)] : [VIEW]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<FieldMessage | null>(null);
  const [pending, setPending] = useState(false);
  const [focusError, setFocusError] = useState(0);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input:not([disabled])')?.focus();
  }, []);

  useLayoutEffect(() => {
    if (!focusError) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid-group] input:not([disabled])')?.focus();
  }, [focusError]);

  const ids = { email: `${id}-email`, name: `${id}-name`, permissions: `${id}-permissions` };
  const errorId = (field: UserField) => `${ids[field]}-error`;
  const describedBy = (field: UserField, hint?: string) =>
    [errors[field] ? errorId(field) : null, hint].filter(Boolean).join(' ') || undefined;

  function toggle(permission: string, on: boolean) {
    setPermissions((list) => (on ? [...list.filter((p) => p !== permission), permission] : list.filter((p) => p !== permission)));
    if (errors.permissions) setErrors(({ permissions: _dropped, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    setPending(true);
    const ordered = PERMISSIONS.filter((p) => permissions.includes(p));
    try {
      const result = await onSubmit({ email, name, permissions: ordered });
      if (!result) return;
      if (result.ok) {
        onDone(result.value);
        return;
      }
      setErrors(result.fieldErrors);
      setFormError(result.formError ?? null);
      if (Object.keys(result.fieldErrors).length) setFocusError((n) => n + 1);
    } finally {
      setPending(false);
    }
  }

  const titleId = `${id}-title`;
  const title = mode === 'add' ? t('users.form.addTitle') : t('users.form.editTitle', { name: user?.name ?? '' });
  const selfHintId = `${id}-self-hint`;

  return (
    <form ref={formRef} className="vu-form" aria-labelledby={titleId} noValidate onSubmit={submit} part="form">
      <h2 id={titleId} className="vu-form-title">
        {title}
      </h2>
      {formError && (
        <p className="v-form-error" role="alert">
          {text(formError)}
        </p>
      )}
      <div className="vu-form-fields">
        {mode === 'add' ? (
          <div className="v-field">
            <label className="v-label" htmlFor={ids.email}>
              {t('users.form.email')}
            </label>
            <input
              id={ids.email}
              className="v-input"
              type="email"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy('email', `${ids.email}-hint`)}
            />
            {errors.email && (
              <p id={errorId('email')} className="v-field-error">
                {text(errors.email)}
              </p>
            )}
            <p id={`${ids.email}-hint`} className="v-small v-muted">
              {t('users.form.emailHint')}
            </p>
          </div>
        ) : (
          <div className="v-field">
            <span className="v-label">{t('users.form.email')}</span>
            <span className="vu-readonly">{user?.email}</span>
          </div>
        )}
        <div className="v-field">
          <label className="v-label" htmlFor={ids.name}>
            {t('users.form.name')}
          </label>
          <input
            id={ids.name}
            className="v-input"
            type="text"
            autoComplete="off"
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name', `${ids.name}-hint`)}
          />
          {errors.name && (
            <p id={errorId('name')} className="v-field-error">
              {text(errors.name)}
            </p>
          )}
          {/* A name is this project's name for the person: the account's own (what other
              customers' projects show) is never a manager's to change. */}
          <p id={`${ids.name}-hint`} className="v-small v-muted">
            {t('users.form.nameHint')}
          </p>
        </div>
      </div>
      <fieldset
        className="vu-permissions"
        aria-describedby={describedBy('permissions')}
        data-invalid-group={errors.permissions ? '' : undefined}
      >
        <legend className="v-label">{t('users.form.permissions')}</legend>
        {PERMISSIONS.map((p) => {
          const boxId = `${ids.permissions}-${p.replace(/\s+/g, '-')}`;
          const locked = p === MANAGE_USERS && isSelf && lastManager && permissions.includes(p);
          const selfNote = p === MANAGE_USERS && isSelf;
          // Not the manager's to give (or take): ticked or not, it stays as it is.
          const notHeld = grantable !== undefined && !grantable.includes(p);
          const lockNote = p === VIEW ? t('users.form.viewAlways') : notHeld ? t('users.form.notHeld') : null;
          return (
            <div key={p} className="vu-check">
              <input
                id={boxId}
                type="checkbox"
                checked={permissions.includes(p)}
                disabled={locked || notHeld || p === VIEW}
                onChange={(e) => toggle(p, e.target.checked)}
                aria-describedby={[`${boxId}-hint`, lockNote ? `${boxId}-lock` : null, selfNote ? selfHintId : null]
                  .filter(Boolean)
                  .join(' ')}
              />
              {/* The label is the name only; the hint is its description (not part of the name). */}
              <div className="vu-check-text">
                <label htmlFor={boxId} className="vu-check-name">
                  {permissionName(p)}
                </label>
                <span id={`${boxId}-hint`} className="v-small v-muted">
                  {permissionHint(t, p)}
                </span>
                {lockNote && (
                  <span id={`${boxId}-lock`} className="v-small vu-check-lock">
                    {lockNote}
                  </span>
                )}
              </div>
            </div>
          );
        })}
        {isSelf && (
          <p id={selfHintId} className="vu-self-hint v-small">
            {lastManager ? t('users.form.lastManagerHint') : t('users.form.selfHint')}
          </p>
        )}
        {errors.permissions && (
          <p id={errorId('permissions')} className="v-field-error">
            {text(errors.permissions)}
          </p>
        )}
      </fieldset>
      <div className="vu-form-actions">
        <button type="button" className="v-btn" onClick={() => !pending && onCancel()} aria-disabled={pending || undefined}>
          {t('users.form.cancel')}
        </button>
        {/* aria-disabled, not disabled: a disabled button drops keyboard focus to <body>. */}
        <button type="submit" className="v-btn v-btn--primary" aria-disabled={pending || undefined} aria-busy={pending || undefined}>
          {mode === 'add' ? t('users.form.add') : t('users.form.save')}
        </button>
      </div>
    </form>
  );
}
