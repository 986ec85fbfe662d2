/**
 * How many copies of React a built app holds: an app bundling Vigil's library build must
 * load only its own React (README "For integrators"). Counted by strings React's
 * production files keep through any minifier: the client internals key (once in react,
 * react-dom and react-dom/client each) and react-dom/client's container key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const CORE = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE';
const DOM_CLIENT = '__reactContainer$';
const count = (text: string, marker: string) => text.split(marker).length - 1;

/** React's own production files: what one copy of React in an app amounts to. */
function oneReact(): string {
  const modules = join(import.meta.dirname, '..', 'node_modules');
  return ['react/cjs/react.production.js', 'react-dom/cjs/react-dom.production.js', 'react-dom/cjs/react-dom-client.production.js']
    .map((f) => readFileSync(join(modules, f), 'utf8'))
    .join('\n');
}

/** Copies of React in `js` (all of an app's JavaScript): 1 is right, 2 means a second React. */
export function reactCopies(js: string): number {
  const one = oneReact();
  const perCopy = count(one, CORE);
  if (!perCopy || count(one, DOM_CLIENT) !== 1) throw new Error('react-copies: React no longer has the marker strings; pick others');
  return Math.max(count(js, CORE) / perCopy, count(js, DOM_CLIENT));
}

export const oneReactForTests = oneReact;
