import { MANAGE_USERS, PERMISSIONS } from '../../core/api/constants.ts';
import { permissionName } from '../../core/i18n/codes.ts';
import { useT } from '../common/useT.ts';

/** A member's permissions as chips, in the contract's order (unknown ones last). */
export function PermissionChips({ permissions }: { permissions: readonly string[] }) {
  const t = useT();
  if (permissions.length === 0) return <span className="v-muted v-small">{t('users.list.noPermissions')}</span>;
  const known = PERMISSIONS.filter((p) => permissions.includes(p));
  const unknown = permissions.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
  return (
    <ul className="vu-chips" part="permissions">
      {[...known, ...unknown].map((p) => (
        <li key={p} className={`vu-chip${p === MANAGE_USERS ? ' vu-chip--manage' : ''}`}>
          {permissionName(p)}
        </li>
      ))}
    </ul>
  );
}
