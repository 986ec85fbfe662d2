import { Loading } from '../common/Loading.tsx';
import { preloadable } from '../common/preloadable.tsx';

// Loaded only when an element actually has to ask for a sign-in, so the forms stay out of
// the bundle every element shares.
const CompactSignInForm = preloadable(
  () => import('./CompactSignInForm.tsx').then((m) => ({ default: m.CompactSignInForm })),
  () => <Loading />,
);

/**
 * The compact sign-in state an embedded element shows when it needs a session and the
 * page has none (used by the element factory).
 */
export function CompactSignIn() {
  return <CompactSignInForm />;
}
