/**
 * custom-elements.json as the documentation site and the editor data read it: the custom
 * elements (every one the manifest lists, sorted by tag), their members, and the few
 * things derived from them (enum values, audience, theme tokens).
 */
export interface Member {
  name: string;
  description?: string;
  type?: { text: string };
  fieldName?: string;
  default?: string;
}

export interface Element {
  tagName: string;
  name: string;
  summary?: string;
  description?: string;
  /** defineElement's `session`: whether the element needs a sign-in to show anything. */
  vigilSession?: 'required' | 'optional' | 'none';
  /** Who it is for: the portal's screens, drop-in elements for intranet pages, or public ones. */
  vigilAudience?: string;
  attributes: Member[];
  events: Member[];
  cssParts: Member[];
  cssProperties: Member[];
  slots: Member[];
}

export interface Manifest {
  modules: { declarations?: (Partial<Element> & { customElement?: boolean })[] }[];
}

/** Every custom element of the manifest, by tag, its member lists never undefined. */
export function manifestElements(manifest: Manifest): Element[] {
  return manifest.modules
    .flatMap((m) => m.declarations ?? [])
    .filter((d) => d.customElement && d.tagName)
    .map((d) => ({
      ...d,
      tagName: d.tagName!,
      name: d.name ?? d.tagName!,
      attributes: d.attributes ?? [],
      events: d.events ?? [],
      cssParts: d.cssParts ?? [],
      cssProperties: d.cssProperties ?? [],
      slots: d.slots ?? [],
    }))
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
}

/** `'a' | 'b'` → ['a', 'b']; [] for a type that is not a union of string literals. */
export function enumValues(type: string | undefined): string[] {
  const parts = (type ?? '').split('|').map((p) => p.trim());
  return parts.length > 1 && parts.every((p) => /^'[^']*'$/.test(p)) ? parts.map((p) => p.slice(1, -1)) : [];
}

export const AUDIENCES = [
  { id: 'drop-in', title: 'Drop-in elements', blurb: 'For your intranet pages: each works on its own, all share one sign-in.' },
  { id: 'portal', title: 'Portal screens', blurb: 'The hosted portal, whole or one screen at a time.' },
  { id: 'public', title: 'Public elements', blurb: 'No sign-in needed.' },
] as const;

/** The element's audience group (an unknown or missing one counts as drop-in). */
export function audienceOf(d: Element): (typeof AUDIENCES)[number]['id'] {
  return AUDIENCES.find((a) => a.id === d.vigilAudience)?.id ?? 'drop-in';
}

/** Theme tokens: the custom properties most elements read (the shared design tokens). */
export function themeTokens(elements: Element[]): Member[] {
  const counts = new Map<string, number>();
  for (const d of elements) for (const p of d.cssProperties) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
  const seen = new Set<string>();
  return elements
    .flatMap((d) => d.cssProperties)
    .filter((p) => (counts.get(p.name) ?? 0) > elements.length / 2 && !seen.has(p.name) && seen.add(p.name));
}

/** A token's default as its light and dark colours (`light-dark(a, b)`, or one colour for both); null when not a colour. */
export function tokenColours(value: string | undefined): { light: string; dark: string } | null {
  const v = (value ?? '').trim();
  const ld = /^light-dark\(\s*(#[0-9a-f]{3,8}|rgb\([^)]*\))\s*,\s*(#[0-9a-f]{3,8}|rgb\([^)]*\))\s*\)$/i.exec(v);
  if (ld) return { light: ld[1]!, dark: ld[2]! };
  return /^(#[0-9a-f]{3,8}|rgb\([^)]*\))$/i.test(v) ? { light: v, dark: v } : null;
}
