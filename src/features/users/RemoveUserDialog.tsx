import { useState } from 'react';
import type { ProjectUser } from '../../core/api/contract.ts';
import { tKey } from '../../core/i18n/i18n.ts';
import { removeProjectUser } from '../../core/users/users.ts';
import type { FieldMessage } from '../../core/users/validation.ts';
import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { useT } from '../common/useT.ts';

export interface RemoveUserDialogProps {
  project: string;
  user: ProjectUser;
  /** The member is the signed-in user: say that they lose access. */
  isSelf: boolean;
  /** Where the change event is dispatched from. */
  target: EventTarget | null;
  onCancel: () => void;
  onRemoved: (user: ProjectUser) => void;
}

/**
 * Asks before removing a member, naming them. A refusal the server explains stays in the
 * dialog; any other failure closes it with the action's toast.
 */
export function RemoveUserDialog({ project, user, isSelf, target, onCancel, onRemoved }: RemoveUserDialogProps) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<FieldMessage | null>(null);

  async function confirm() {
    setPending(true);
    setError(null);
    const result = await removeProjectUser(project, user.uuid, { target });
    setPending(false);
    if (result.ok) return onRemoved(user);
    const explained = result.formError ?? Object.values(result.fieldErrors)[0];
    if (explained) setError(explained);
    else onCancel();
  }

  return (
    <AlertDialog
      open
      tone="danger"
      title={isSelf ? t('users.self.removeTitle') : t('users.remove.title', { name: user.name })}
      description={isSelf ? t('users.self.removeDescription') : t('users.remove.description', { name: user.name, email: user.email })}
      confirmLabel={isSelf ? t('users.self.removeConfirm') : t('users.remove.confirm')}
      cancelLabel={t('users.remove.cancel')}
      pending={pending}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      {error && (
        <p className="v-form-error" role="alert">
          {'key' in error ? tKey(error.key) : error.text}
        </p>
      )}
    </AlertDialog>
  );
}
