import { useState } from 'react';
import type { ProjectUser } from '../../core/api/contract.ts';
import { tKey } from '../../core/i18n/i18n.ts';
import type { FieldMessage } from '../../core/users/validation.ts';
import { AlertDialog } from '../../ui/AlertDialog.tsx';

/** What a member action answers (the users store's remove and cancel-invitation calls). */
type Outcome = { ok: true } | { ok: false; formError?: FieldMessage; fieldErrors: Record<string, FieldMessage> };

export interface ConfirmMemberDialogProps {
  user: ProjectUser;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The call the confirmation makes. */
  act: () => Promise<Outcome>;
  onCancel: () => void;
  onDone: (user: ProjectUser) => void;
}

/**
 * Asks before a member action that takes someone off the project (removing them, cancelling
 * their invitation). A refusal the server explains stays in the dialog; any other failure
 * closes it with the action's toast.
 */
export function ConfirmMemberDialog({
  user,
  title,
  description,
  confirmLabel,
  cancelLabel,
  act,
  onCancel,
  onDone,
}: ConfirmMemberDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<FieldMessage | null>(null);

  async function confirm() {
    setPending(true);
    setError(null);
    const result = await act();
    setPending(false);
    if (result.ok) return onDone(user);
    const explained = result.formError ?? Object.values(result.fieldErrors)[0];
    if (explained) setError(explained);
    else onCancel();
  }

  return (
    <AlertDialog
      open
      tone="danger"
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
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
