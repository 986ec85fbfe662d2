import { atom } from 'nanostores';
import { safeStorage } from '../browser/storage.ts';
import { shared } from '../shared.ts';

/**
 * The portal's colour scheme (docs/product.md#routes, user menu): follow the system,
 * or always light, or always dark. Remembered per browser in localStorage under
 * `vigil.theme`; `demo/theme.js` (inlined in the page's head) applies the same key before
 * the first paint, so a stored choice never flashes the other scheme. Embedded elements
 * never read it: they follow their host page's `color-scheme` (README "Theming").
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
export const THEME_KEY = 'vigil.theme';

export function readTheme(store: Pick<Storage, 'getItem'> | null = safeStorage()): ThemeChoice {
  let raw: string | null | undefined;
  try {
    raw = store?.getItem(THEME_KEY);
  } catch {
    raw = null;
  }
  return raw === 'light' || raw === 'dark' ? raw : 'system';
}

/** The `color-scheme` value of a choice: "light dark" lets the system decide. */
export const colorSchemeOf = (choice: ThemeChoice): string => (choice === 'system' ? 'light dark' : choice);

export const $theme = shared('theme', () => atom<ThemeChoice>(readTheme()));

/** Sets the page's scheme (the portal's document root) from a choice. */
export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  root.style.colorScheme = colorSchemeOf(choice);
}

/** Remembers the choice for this browser and applies it to the store (the portal renders it). */
export function setTheme(choice: ThemeChoice): void {
  try {
    const s = safeStorage();
    if (choice === 'system') s?.removeItem(THEME_KEY);
    else s?.setItem(THEME_KEY, choice);
  } catch {
    // Private mode without storage: the choice holds for this page only.
  }
  $theme.set(choice);
}
