import { useState } from 'react';
import type { ProjectUser } from '../../core/api/contract.ts';
import { tKey } from '../../core/i18n/i18n.ts';
import { cancelInvitation } from '../../core/users/users.ts';
import type { FieldMessage } from '../../core/users/validation.ts';
import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { useT } from '../common/useT.ts';

export interface CancelInvitationDialogProps {
  project: string;
  user: ProjectUser;
  /** Where the change event is dispatched from. */
  target: EventTarget | null;
  onCancel: () => void;
  onCancelled: (user: ProjectUser) => void;
}

/**
 * Asks before cancelling an invitation, naming the person: they leave the project and
 * their link stops working. A refusal the server explains stays in the dialog; any other
 * failure closes it with the action's toast.
 */
export function CancelInvitationDialog({ project, user, target, onCancel, onCancelled }: CancelInvitationDialogProps) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<FieldMessage | null>(null);

  async function confirm() {
    setPending(true);
    setError(null);
    const result = await cancelInvitation(project, user.uuid, { target });
    setPending(false);
    if (result.ok) return onCancelled(user);
    const explained = result.formError ?? Object.values(result.fieldErrors)[0];
    if (explained) setError(explained);
    else onCancel();
  }

  return (
    <AlertDialog
      open
      tone="danger"
      title={t('users.invite.cancelTitle', { name: user.name })}
      description={t('users.invite.cancelDescription', { name: user.name, email: user.email })}
      confirmLabel={t('users.invite.cancelConfirm')}
      cancelLabel={t('users.invite.keep')}
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
