import { useT } from '../common/useT.ts';
import { useUserName } from './useUserName.ts';

/** Who handled an incident: the user's name, resolved from their username. */
export function HandledBy({ username }: { username: string | null }) {
  const t = useT();
  const name = useUserName(username);
  if (!username) return <span className="v-muted">{t('inbox.incident.notHandled')}</span>;
  if (name === undefined)
    return (
      <span className="v-muted" aria-busy="true">
        {username}
      </span>
    );
  return <span>{name}</span>;
}
