import type { ProjectUser } from '../../core/api/contract.ts';
import { cancelInvitation } from '../../core/users/users.ts';
import { useT } from '../common/useT.ts';
import { ConfirmMemberDialog } from './ConfirmMemberDialog.tsx';

export interface CancelInvitationDialogProps {
  project: string;
  user: ProjectUser;
  /** Where the change event is dispatched from. */
  target: EventTarget | null;
  onCancel: () => void;
  onCancelled: (user: ProjectUser) => void;
}

/** Asks before cancelling an invitation, naming the person: they leave the project and their link stops working. */
export function CancelInvitationDialog({ project, user, target, onCancel, onCancelled }: CancelInvitationDialogProps) {
  const t = useT();
  return (
    <ConfirmMemberDialog
      user={user}
      title={t('users.invite.cancelTitle', { name: user.name })}
      description={t('users.invite.cancelDescription', { name: user.name, email: user.email })}
      confirmLabel={t('users.invite.cancelConfirm')}
      cancelLabel={t('users.invite.keep')}
      act={() => cancelInvitation(project, user.uuid, { target })}
      onCancel={onCancel}
      onDone={onCancelled}
    />
  );
}
