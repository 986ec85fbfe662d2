/**
 * Node-side catalogue merging: reads every namespace's `<locale>.json` and returns the
 * merged `{ <namespace>: messages }` object served at `/i18n/messages/{locale}.json`.
 * Used by the demo server and by the catalogue check.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGE_LOCALES, NAMESPACES, type MessageLocale } from '../src/core/i18n/namespaces.ts';

const root = join(import.meta.dirname, '..');

export function isMessageLocale(locale: string): locale is MessageLocale {
  return (MESSAGE_LOCALES as readonly string[]).includes(locale);
}

export function loadCatalogue(locale: MessageLocale): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [ns, dir] of Object.entries(NAMESPACES)) {
    out[ns] = JSON.parse(readFileSync(join(root, dir, `${locale}.json`), 'utf8'));
  }
  return out;
}

/** Every leaf key of a nested catalogue as a dotted path, with its value. */
export function flatten(obj: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj)) {
      const path = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object' && !Array.isArray(v)) for (const [p, x] of flatten(v, path)) out.set(p, x);
      else out.set(path, v);
    }
  }
  return out;
}
