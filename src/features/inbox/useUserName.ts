import { useEffect, useState } from 'react';
import { knownUserName, resolveUserName } from '../../core/inbox/users.ts';

/**
 * The display name of `username`: at once when it is the current user or cached, else
 * after GET /api/users/{username} (the username itself when that fails). Undefined while
 * loading.
 */
export function useUserName(username: string | null): string | undefined {
  const [resolved, setResolved] = useState<{ username: string; name: string } | undefined>();
  useEffect(() => {
    if (!username || knownUserName(username) !== undefined) return;
    let live = true;
    void resolveUserName(username).then((name) => {
      if (live) setResolved({ username, name });
    });
    return () => {
      live = false;
    };
  }, [username]);
  if (!username) return undefined;
  return knownUserName(username) ?? (resolved?.username === username ? resolved.name : undefined);
}
