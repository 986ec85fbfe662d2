import { useStore } from '@nanostores/react';
import { $i18nVersion, t } from '../../core/i18n/i18n.ts';

/** The translate function; the component re-renders when the language or catalogue changes. */
export function useT(): typeof t {
  useStore($i18nVersion);
  return t;
}
