import { useT } from '../common/useT.ts';
import { useUserName } from './useUserName.ts';

/** "Handled by Jane Doe": the handler's name, resolved from their username (the username while resolving). */
export function HandledBy({ username }: { username: string }) {
  const t = useT();
  const name = useUserName(username);
  return <span {...(name === undefined ? { 'aria-busy': true } : {})}>{t('inbox.incident.handledBy', { name: name ?? username })}</span>;
}
