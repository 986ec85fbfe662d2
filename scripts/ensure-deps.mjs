// Runs before `npm start` and `npm test` (their `pre` scripts), on whatever Node the system
// has (20 will do: this file uses nothing newer), so a fresh clone needs no other command:
// when node_modules is missing, or older than package-lock.json, it runs `npm ci` first.
// npm writes node_modules/.package-lock.json on every install: its age is the install's.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const lock = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');
// The Node 24 the project's tools run on, brought by the `node` devDependency.
const node24 = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node');

/** Why an install is needed, or null when node_modules is up to date. */
export function staleReason({ lockMtime, installedMtime, hasNode24, linked = false }) {
  if (installedMtime === null) return 'node_modules is missing';
  // A link to another checkout's node_modules (a git worktree sharing one install): its
  // owner installs it; `npm ci` here would empty it under every checkout that uses it.
  if (linked) return null;
  if (!hasNode24) return 'the project’s Node 24 (node_modules/.bin/node) is missing';
  if (lockMtime !== null && lockMtime > installedMtime) return 'package-lock.json is newer than node_modules';
  return null;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : null);

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const modules = join(root, 'node_modules');
  const linked = existsSync(modules) && lstatSync(modules).isSymbolicLink();
  const reason = staleReason({ lockMtime: mtime(lock), installedMtime: mtime(installed), hasNode24: existsSync(node24), linked });
  if (reason) {
    console.log(`[vigil] ${reason}: running npm ci first (about two minutes, once).`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('[vigil] npm ci failed: see above. Fix it, then run the command again.');
      process.exit(result.status ?? 1);
    }
  }
}
