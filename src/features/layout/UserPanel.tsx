import './messages/bundled.ts';
import type { CurrentUser } from '../../core/api/contract.ts';
import { pathTo } from '../../core/router/routes.ts';
import { AlertSettings } from '../inbox/AlertSettings.tsx';
import { Link } from '../common/Link.tsx';
import { useStyles } from '../common/useStyles.ts';
import { useT } from '../common/useT.ts';
import popoverCss from './popover.css?inline';
import { ThemeChoice } from './ThemeChoice.tsx';
import userPanelCss from './userPanel.css?inline';

/**
 * What the open user menu shows (UserMenu.tsx): who is signed in, the colour scheme, the
 * desktop alerts for new incidents and "Sign out". Its own chunk, fetched when the pointer
 * or the focus reaches the menu's button, so the portal's first load does not carry it.
 */
export function UserPanel({ user }: { user: CurrentUser }) {
  useStyles(popoverCss, userPanelCss);
  const t = useT();
  return (
    <>
      <p className="user-who">
        <span className="v-small v-muted">{t('layout.user.signedInAs')}</span>
        <strong>{user.name}</strong>
        <span className="v-small v-muted user-email">{user.email}</span>
      </p>
      <ThemeChoice />
      <AlertSettings />
      <Link className="ly-item" to={pathTo('logout')}>
        {t('layout.user.signOut')}
      </Link>
    </>
  );
}
