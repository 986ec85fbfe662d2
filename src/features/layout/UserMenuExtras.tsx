import { AlertSettings } from '../inbox/AlertSettings.tsx';
import { ThemeChoice } from './ThemeChoice.tsx';
import { TwoStepItem } from './TwoStepItem.tsx';

/**
 * What the user menu shows besides who is signed in and "Sign out": the colour scheme,
 * the desktop alerts and two-step sign-in. One chunk, loaded when the menu first opens,
 * so the portal's first load carries none of it.
 */
export function UserMenuExtras() {
  return (
    <>
      <ThemeChoice />
      <AlertSettings />
      <TwoStepItem />
    </>
  );
}
