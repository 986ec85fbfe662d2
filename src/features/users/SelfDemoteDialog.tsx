import { AlertDialog } from '../../ui/AlertDialog.tsx';
import { useT } from '../common/useT.ts';

export interface SelfDemoteDialogProps {
  open: boolean;
  onAnswer: (confirmed: boolean) => void;
}

/** Asks before the signed-in user takes away their own 'manage users'. */
export function SelfDemoteDialog({ open, onAnswer }: SelfDemoteDialogProps) {
  const t = useT();
  return (
    <AlertDialog
      open={open}
      tone="danger"
      title={t('users.self.demoteTitle')}
      description={t('users.self.demoteDescription')}
      confirmLabel={t('users.self.demoteConfirm')}
      cancelLabel={t('users.form.cancel')}
      onConfirm={() => onAnswer(true)}
      onCancel={() => onAnswer(false)}
    />
  );
}
