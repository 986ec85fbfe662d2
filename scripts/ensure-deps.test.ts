import { describe, expect, it } from 'vitest';
import { staleReason } from './ensure-deps.mjs';

describe('ensure-deps', () => {
  it('installs on a fresh clone, without the project’s Node, or after the lockfile changed', () => {
    expect(staleReason({ lockMtime: 2, installedMtime: null, hasNode24: false })).toMatch(/missing/);
    expect(staleReason({ lockMtime: 2, installedMtime: 3, hasNode24: false })).toMatch(/Node 24/);
    expect(staleReason({ lockMtime: 5, installedMtime: 3, hasNode24: true })).toMatch(/newer/);
  });

  it('never reinstalls a node_modules that is a link to another checkout’s', () => {
    expect(staleReason({ lockMtime: 5, installedMtime: 3, hasNode24: true, linked: true })).toBeNull();
    expect(staleReason({ lockMtime: 5, installedMtime: null, hasNode24: false, linked: true })).toMatch(/missing/);
  });

  it('does nothing when node_modules is as new as the lockfile', () => {
    expect(staleReason({ lockMtime: 3, installedMtime: 3, hasNode24: true })).toBeNull();
    expect(staleReason({ lockMtime: 1, installedMtime: 3, hasNode24: true })).toBeNull();
  });
});
