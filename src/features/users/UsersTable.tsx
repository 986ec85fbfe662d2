import { Fragment, type ReactNode } from 'react';
import type { ProjectUser } from '../../core/api/contract.ts';
import type { SortKey, SortOrder } from '../../core/users/list.ts';
import { isSelf } from '../../core/users/guard.ts';
import { useT } from '../common/useT.ts';
import { SortHeader } from './SortHeader.tsx';
import { UserRow } from './UserRow.tsx';

export interface UsersTableProps {
  caption: string;
  /** The project's uuid (the sign-in column reads its two-step requirement). */
  project: string;
  users: readonly ProjectUser[];
  currentEmail: string | undefined;
  order: SortOrder;
  onSort: (column: SortKey) => void;
  /** The member whose row is replaced by the edit form. */
  editing: string | null;
  renderEditor: (user: ProjectUser) => ReactNode;
  /** A note shown under a member's row (why they cannot be removed). */
  notice: { uuid: string; text: string } | null;
  onEdit: (user: ProjectUser) => void;
  onRemove: (user: ProjectUser) => void;
  onResend: (user: ProjectUser) => void;
  onCancelInvitation: (user: ProjectUser) => void;
  /** The member whose invitation is being sent again. */
  resending: string | null;
}

/** The members as a sortable table; rows become cards on narrow screens. */
export function UsersTable({
  caption,
  users,
  currentEmail,
  order,
  onSort,
  editing,
  renderEditor,
  notice,
  onEdit,
  onRemove,
  onResend,
  onCancelInvitation,
  resending,
  project,
}: UsersTableProps) {
  const t = useT();
  return (
    <table className="vu-table" part="table">
      <caption className="v-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <SortHeader column="name" label={t('users.list.name')} order={order} onSort={onSort} />
          <SortHeader column="email" label={t('users.list.email')} order={order} onSort={onSort} />
          <th scope="col" className="vu-th vu-th--permissions">
            {t('users.list.permissions')}
          </th>
          <th scope="col" className="vu-th vu-th--signin">
            {t('users.signIn.column')}
          </th>
          <th scope="col" className="vu-th vu-th--actions">
            <span className="v-visually-hidden">{t('users.list.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <Fragment key={user.uuid}>
            {editing === user.uuid ? (
              <tr className="vu-row vu-row--editing">
                <td colSpan={5} className="vu-cell vu-cell--editor">
                  {renderEditor(user)}
                </td>
              </tr>
            ) : (
              <UserRow
                user={user}
                isSelf={isSelf(user, currentEmail)}
                onEdit={onEdit}
                onRemove={onRemove}
                onResend={onResend}
                onCancelInvitation={onCancelInvitation}
                resending={resending === user.uuid}
                project={project}
              />
            )}
            {notice?.uuid === user.uuid && (
              <tr className="vu-row vu-row--notice">
                <td colSpan={5} className="vu-cell">
                  <p className="v-message" role="alert">
                    {notice.text}
                  </p>
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
