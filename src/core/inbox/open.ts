/**
 * The open incidents: how many incidents of the user's projects the control room has not
 * handled yet (docs/product.md#api-calls, `filter[open]=true`), or undefined while not known.
 *
 * Kept like the unread count, but for this page only (not stored: a stale count of open
 * incidents would be worse than none): the inbox's live module loads it once for every
 * element that shows it (`LiveNeed` 'open'), and again when the live channel says the
 * incidents changed (a new one, one handled) or that something may have been missed. A
 * module of its own, so that only the chunks that show or load the count carry it.
 */
import { atom } from 'nanostores';
import { $currentUser } from '../session/store.ts';
import { shared } from '../shared.ts';

/**
 * The open-incidents count of the signed-in user, or undefined until loaded. Forgotten as
 * soon as the signed-in user changes: signing out (here or in another tab) or another sign-in.
 */
export const $openIncidents = shared('inbox.openIncidents', () => {
  const $open = atom<number | undefined>(undefined);
  let token = $currentUser.get()?.token;
  $currentUser.listen((user) => {
    if (user?.token === token) return;
    token = user?.token;
    $open.set(undefined);
  });
  return $open;
});
