import './messages/bundled.ts';
import { useEffect } from 'react';
import { emit } from '../../core/events.ts';
import { logout } from '../../core/session/session.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useElementScope } from '../common/element/context.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useT } from '../common/useT.ts';

/** /logout: revokes the token and clears the session; the portal's guard then goes to /login. */
export function LogoutPage() {
  const t = useT();
  const { host } = useElementScope();
  usePageTitle(t('auth.logout.title'));
  useEffect(() => {
    void logout().then(() => emit(host, 'vigil-signed-out', {}));
  }, [host]);
  return <Spinner label={t('auth.logout.busy')} />;
}
