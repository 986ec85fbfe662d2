/**
 * Every event an element can fire is in its JSDoc `@fires` (and so in custom-elements.json
 * and the generated types). "Can fire" is read from the source: the `emit(…, 'vigil-…')`
 * calls in the features reachable through the element's imports, the core functions that
 * emit (given the host as target) called there, plus what the compact sign-in fires for
 * elements that show it when signed out (`session: 'required'`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const DEFINE_ELEMENT = join(root, 'src/features/common/element/defineElement.tsx');
const COMPACT_SIGN_IN = join(root, 'src/features/auth/CompactSignIn.tsx');
const EVENTS = join(root, 'src/core/events.ts');

/** Relative imports (static, side-effect and dynamic) of a source file, resolved to files. */
export function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specs = [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^'?]+)'/g)].map((m) => m[1]!);
  return specs.map((s) => resolve(dirname(file), s)).filter((f) => /\.tsx?$/.test(f) && existsSync(f));
}

/** Event names passed to `emit(` in a source file. */
export function emittedIn(source: string): string[] {
  const names: string[] = [];
  for (const line of source.split('\n')) {
    const at = line.search(/\bemit\(/);
    if (at < 0) continue;
    for (const m of line.slice(at).matchAll(/'(vigil-[a-z-]+)'/g)) names.push(m[1]!);
  }
  return names;
}

/** A core file's top-level functions that emit (directly or through another one), with their events. */
export function emitters(source: string): Map<string, Set<string>> {
  const lines = source.split('\n');
  const bodies = new Map<string, string>();
  let current: string | null = null;
  for (const line of lines) {
    const m = /^(?:export\s+)?(?:async\s+)?function\s+(\w+)/.exec(line) ?? /^(?:export\s+)?const\s+(\w+)\s*=/.exec(line);
    if (m) current = m[1]!;
    else if (/^\S/.test(line) && !/^[})]/.test(line)) current = null;
    if (current) bodies.set(current, (bodies.get(current) ?? '') + line + '\n');
  }
  const events = new Map([...bodies].map(([name, body]) => [name, new Set(emittedIn(body))]));
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, body] of bodies)
      for (const [other, its] of events)
        if (other !== name && its.size && new RegExp(`\\b${other}\\(`).test(body))
          for (const e of its)
            if (!events.get(name)!.has(e)) {
              events.get(name)!.add(e);
              changed = true;
            }
  }
  return new Map(
    [...events].filter(([name, its]) => its.size && new RegExp(`export\\s+(?:async\\s+)?(?:function|const)\\s+${name}\\b`).test(source)),
  );
}

const inCore = (file: string) => file.startsWith(join(root, 'src/core'));

/** Events reachable from `entry`, not following imports into `stop` files. */
export function reachableEvents(entry: string, stop: Set<string>): Set<string> {
  const seen = new Set<string>();
  const events = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (inCore(file)) continue;
    const source = readFileSync(file, 'utf8');
    for (const n of emittedIn(source)) events.add(n);
    for (const next of importsOf(file)) {
      if (stop.has(next) || next.startsWith(join(root, 'elements'))) continue;
      if (next !== EVENTS && inCore(next))
        for (const [fn, its] of emitters(readFileSync(next, 'utf8')))
          if (new RegExp(`\\b${fn}\\(`).test(source)) for (const e of its) events.add(e);
      queue.push(next);
    }
  }
  return events;
}

const elementsDir = join(root, 'elements');
const elementFiles = readdirSync(elementsDir).filter(
  (f) => /^vigil-.*\.ts$/.test(f) && !f.endsWith('.test.ts') && f !== 'vigil-toast-region.ts',
);
/**
 * Events an element's imports could fire but it never asks for, each with the source text
 * that keeps it so (checked: when the text goes, the exception goes too).
 */
const NOT_FIRED: Record<string, { event: string; file: string; proof: RegExp }[]> = {
  'vigil-unread-badge.ts': [
    { event: 'vigil-incident-received', file: 'src/features/inbox/UnreadBadge.tsx', proof: /const EVENTS = \{ unread: true \};/ },
  ],
};

const compactSignInEvents = reachableEvents(COMPACT_SIGN_IN, new Set());

describe('every event an element can fire is in its @fires', () => {
  it('the compact sign-in fires vigil-signed-in (the graph walk sees emit calls)', () => {
    expect([...compactSignInEvents]).toContain('vigil-signed-in');
  });

  for (const name of elementFiles) {
    it(name, () => {
      const file = join(elementsDir, name);
      const source = readFileSync(file, 'utf8');
      const fires = new Set([...source.matchAll(/@fires\s+(?:\{[^}]*\}\s*)?(vigil-[a-z-]+)/g)].map((m) => m[1]!));
      const can = reachableEvents(file, new Set([DEFINE_ELEMENT]));
      if (/session:\s*'required'/.test(source)) for (const e of compactSignInEvents) can.add(e);
      for (const { event, file: proofFile, proof } of NOT_FIRED[name] ?? []) {
        expect(readFileSync(join(root, proofFile), 'utf8')).toMatch(proof);
        can.delete(event);
      }
      expect([...can].filter((e) => !fires.has(e)).sort(), `${name} fires more than its @fires lists`).toEqual([]);
    });
  }
});

describe('the source reading the check relies on', () => {
  it('finds the core functions that emit, through their helpers', () => {
    const map = emitters(readFileSync(join(root, 'src/core/evacuation/evacuation.ts'), 'utf8'));
    expect([...(map.get('startEvacuation') ?? [])].sort()).toEqual(['vigil-evacuation-aborted', 'vigil-evacuation-started']);
    expect(map.has('fetchStatus')).toBe(false);
  });
  it('reads every name of a conditional emit', () => {
    expect(emittedIn(`emit(t, a ? 'vigil-a' : 'vigil-b', {});\nconst x = 'vigil-c';`)).toEqual(['vigil-a', 'vigil-b']);
  });
});
