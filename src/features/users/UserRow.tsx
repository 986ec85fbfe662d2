import type { ProjectUser } from '../../core/api/contract.ts';
import { lazy, Suspense } from 'react';
import { useT } from '../common/useT.ts';
import { PermissionChips } from './PermissionChips.tsx';

// Two-step and last sign-in: a chunk of its own (its texts, styles and the requirement's call).
const SignInCell = lazy(() => import('./SignInCell.tsx').then((m) => ({ default: m.SignInCell })));

export interface UserRowProps {
  user: ProjectUser;
  isSelf: boolean;
  onEdit: (user: ProjectUser) => void;
  onRemove: (user: ProjectUser) => void;
  /** The project's uuid (the sign-in cell reads its two-step requirement). */
  project: string;
}

/** One member: a table row on wide screens, a card on narrow ones (users.css). */
export function UserRow({ user, isSelf, onEdit, onRemove, project }: UserRowProps) {
  const t = useT();
  return (
    <tr className={`vu-row${isSelf ? ' vu-row--self' : ''}`} part="row">
      <td className="vu-cell vu-cell--name">
        <span className="vu-name">{user.name}</span>
        {isSelf && <span className="vu-you">{t('users.you')}</span>}
      </td>
      <td className="vu-cell vu-cell--email">
        <span className="vu-email">{user.email}</span>
      </td>
      <td className="vu-cell vu-cell--permissions">
        <PermissionChips permissions={user.permissions} />
      </td>
      <td className="vu-cell vu-cell--signin">
        <Suspense fallback={null}>
          <SignInCell user={user} project={project} />
        </Suspense>
      </td>
      <td className="vu-cell vu-cell--actions">
        <div className="vu-actions">
          <button
            type="button"
            className="v-btn v-btn--small"
            data-edit-for={user.uuid}
            aria-label={t('users.list.editUser', { name: user.name })}
            onClick={() => onEdit(user)}
          >
            {t('users.list.edit')}
          </button>
          <button
            type="button"
            className="v-btn v-btn--small vu-btn-remove"
            data-remove-for={user.uuid}
            aria-label={t('users.list.removeUser', { name: user.name })}
            onClick={() => onRemove(user)}
          >
            {t('users.list.remove')}
          </button>
        </div>
      </td>
    </tr>
  );
}
