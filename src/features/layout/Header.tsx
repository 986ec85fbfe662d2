import './messages/bundled.ts';
import type { ReactNode } from 'react';
import { pathTo, type RouteName } from '../../core/router/routes.ts';
import { Link } from '../common/Link.tsx';
import { useT } from '../common/useT.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { Logo } from './Logo.tsx';
import { NavPills } from './NavPills.tsx';
import { UserMenu } from './UserMenu.tsx';

/** 'app': signed in; 'terms': signed in, terms not accepted yet (no navigation); 'public': signed out. */
export type HeaderVariant = 'app' | 'terms' | 'public';

export interface HeaderProps {
  variant: HeaderVariant;
  route: RouteName | undefined;
  /** The page shown, or being opened while it is checked (a change closes the header menus). */
  fullPath: string | undefined;
  pageUuid?: string | undefined;
  /** The skip link, first in the tab order (inside the banner landmark). */
  skip?: ReactNode;
}

/** The portal's header bar: logo (home), navigation pills, language picker, user menu. */
export function Header({ variant, route, fullPath, pageUuid, skip }: HeaderProps) {
  const t = useT();
  const onSignIn = route === 'login' || route === 'forgotPassword' || route === 'resetPassword';
  return (
    <header className="header" part="header">
      {skip}
      <div className={`header-bar header-bar--${variant}`}>
        <Link className="header-logo" to={pathTo('home')} aria-label={t('layout.home')}>
          <Logo />
        </Link>
        {variant === 'app' && <NavPills route={route} pageUuid={pageUuid} closeKey={fullPath} />}
        <div className="header-tools">
          <LanguagePicker compact />
          {variant === 'public' ? (
            !onSignIn && (
              <Link className="v-btn v-btn--small" to={pathTo('login')}>
                {t('layout.user.signIn')}
              </Link>
            )
          ) : (
            <UserMenu closeKey={fullPath} />
          )}
        </div>
      </div>
    </header>
  );
}
