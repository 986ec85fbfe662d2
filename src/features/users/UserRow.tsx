import type { ProjectUser } from '../../core/api/contract.ts';

import { formatDateTime } from '../../core/time/format.ts';
import { useT } from '../common/useT.ts';
import { PermissionChips } from './PermissionChips.tsx';
import { preloadable } from '../common/preloadable.tsx';

// Two-step and last sign-in: a chunk of its own (its texts, styles and the requirement's call).
const SignInCell = preloadable(() => import('./SignInCell.tsx').then((m) => ({ default: m.SignInCell })));

export interface UserRowProps {
  user: ProjectUser;
  isSelf: boolean;
  onEdit: (user: ProjectUser) => void;
  onRemove: (user: ProjectUser) => void;
  /** An invited member: send the invitation again, or cancel it. */
  onResend: (user: ProjectUser) => void;
  onCancelInvitation: (user: ProjectUser) => void;
  /** The member whose invitation is being sent again (its button waits). */
  resending: boolean;
  /** The project's uuid (the sign-in cell reads its two-step requirement). */
  project: string;
}

/**
 * One member: a table row on wide screens, a card on narrow ones (users.css). An invited
 * member (docs/invitations.md) shows "Invited" and when, with Resend and Cancel instead of
 * Remove, and no sign-in facts.
 */
export function UserRow({ user, isSelf, onEdit, onRemove, onResend, onCancelInvitation, resending, project }: UserRowProps) {
  const t = useT();
  const invited = user.status === 'invited';
  return (
    <tr className={`vu-row${isSelf ? ' vu-row--self' : ''}${invited ? ' vu-row--invited' : ''}`} part="row">
      <td className="vu-cell vu-cell--name">
        <span className="vu-name">{user.name}</span>
        {isSelf && <span className="vu-you">{t('users.you')}</span>}
        {invited && <span className="vu-invited">{t('users.invite.status')}</span>}
      </td>
      <td className="vu-cell vu-cell--email">
        <span className="vu-email">{user.email}</span>
      </td>
      <td className="vu-cell vu-cell--permissions">
        <PermissionChips permissions={user.permissions} />
      </td>
      <td className="vu-cell vu-cell--signin">
        {invited ? (
          user.invited_at && <span className="v-small v-muted">{t('users.invite.sent', { when: formatDateTime(user.invited_at) })}</span>
        ) : (
          <SignInCell user={user} project={project} />
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
          {invited ? (
            <>
              <button
                type="button"
                className="v-btn v-btn--small"
                data-resend-for={user.uuid}
                aria-label={t('users.invite.resendUser', { name: user.name })}
                aria-disabled={resending}
                aria-busy={resending}
                onClick={() => !resending && onResend(user)}
              >
                {t('users.invite.resend')}
              </button>
              <button
                type="button"
                className="v-btn v-btn--small vu-btn-remove"
                data-cancel-for={user.uuid}
                aria-label={t('users.invite.cancelUser', { name: user.name })}
                onClick={() => onCancelInvitation(user)}
              >
                {t('users.invite.cancel')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="v-btn v-btn--small vu-btn-remove"
              data-remove-for={user.uuid}
              aria-label={t('users.list.removeUser', { name: user.name })}
              onClick={() => onRemove(user)}
            >
              {t('users.list.remove')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
