import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/Spinner.tsx';
import { useT } from '../common/useT.ts';

// Loaded only when an element actually has to ask for a sign-in, so the forms stay out of
// the bundle every element shares.
const CompactSignInForm = lazy(() => import('./CompactSignInForm.tsx').then((m) => ({ default: m.CompactSignInForm })));

/**
 * The compact sign-in state an embedded element shows when it needs a session and the
 * page has none (used by the element factory).
 */
export function CompactSignIn() {
  const t = useT();
  return (
    <Suspense fallback={<Spinner label={t('core.common.loading')} />}>
      <CompactSignInForm />
    </Suspense>
  );
}
