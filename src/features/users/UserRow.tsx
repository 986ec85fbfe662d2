import type { ProjectUser } from '../../core/api/contract.ts';
import { formatMoment } from '../../core/time/moments.ts';
import { refusedEvacuation } from '../../core/users/two-step.ts';
import { useT } from '../common/useT.ts';
import { PermissionChips } from './PermissionChips.tsx';

export interface UserRowProps {
  user: ProjectUser;
  isSelf: boolean;
  onEdit: (user: ProjectUser) => void;
  onRemove: (user: ProjectUser) => void;
  /** Whether the project requires two-step sign-in to evacuate (marks who would be refused). */
  twoStepRequired?: boolean;
}

/** One member: a table row on wide screens, a card on narrow ones (users.css). */
export function UserRow({ user, isSelf, onEdit, onRemove, twoStepRequired = false }: UserRowProps) {
  const t = useT();
  const refused = refusedEvacuation(user, twoStepRequired);
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
        {user.two_step !== undefined && (
          <span className={`vu-two-step vu-two-step--${user.two_step ? 'on' : 'off'}`}>
            {t(user.two_step ? 'users.signIn.twoStepOn' : 'users.signIn.twoStepOff')}
          </span>
        )}
        {refused && <span className="vu-refused">{t('users.signIn.refused')}</span>}
        {user.last_sign_in_at !== undefined && (
          <span className="vu-last v-small v-muted">
            {user.last_sign_in_at ? t('users.signIn.last', { when: formatMoment(user.last_sign_in_at) }) : t('users.signIn.never')}
          </span>
        )}
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
