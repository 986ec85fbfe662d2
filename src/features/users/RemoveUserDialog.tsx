import type { ProjectUser } from '../../core/api/contract.ts';
import { removeProjectUser } from '../../core/users/users.ts';
import { useT } from '../common/useT.ts';
import { ConfirmMemberDialog } from './ConfirmMemberDialog.tsx';

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

/** Asks before removing a member, naming them (or saying that you lose access yourself). */
export function RemoveUserDialog({ project, user, isSelf, target, onCancel, onRemoved }: RemoveUserDialogProps) {
  const t = useT();
  return (
    <ConfirmMemberDialog
      user={user}
      title={isSelf ? t('users.self.removeTitle') : t('users.remove.title', { name: user.name })}
      description={isSelf ? t('users.self.removeDescription') : t('users.remove.description', { name: user.name, email: user.email })}
      confirmLabel={isSelf ? t('users.self.removeConfirm') : t('users.remove.confirm')}
      cancelLabel={t('users.remove.cancel')}
      act={() => removeProjectUser(project, user.uuid, { target })}
      onCancel={onCancel}
      onDone={onRemoved}
    />
  );
}
