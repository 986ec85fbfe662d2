import { AlertSettings } from '../inbox/AlertSettings.tsx';
import { SessionsItem } from './SessionsItem.tsx';
import { ThemeChoice } from './ThemeChoice.tsx';
import { TwoStepItem } from './TwoStepItem.tsx';

/**
 * What the user menu shows besides who is signed in and "Sign out": the colour scheme,
 * the desktop alerts, two-step sign-in and where the user is signed in. One chunk, loaded
 * when the menu first opens, so the portal's first load carries none of it. The alerts are
 * about incidents: a newcomer who has not accepted the terms of use yet sees none, and the
 * server answers none of their calls (nor the sessions'), so the menu leaves them out until
 * the terms are accepted.
 */
export function UserMenuExtras({ alerts }: { alerts: boolean }) {
  return (
    <>
      <ThemeChoice />
      {alerts && <AlertSettings />}
      <TwoStepItem />
      {alerts && <SessionsItem />}
    </>
  );
}
