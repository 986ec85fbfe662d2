import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTestChromium } from './chromium.mjs';

/** An executable file standing for a browser binary. */
function binary(dir: string, name: string): string {
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
}

describe('the browser the test suites run in', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-chromium-'));
  const shell = binary(dir, 'chromium-headless-shell');
  const full = binary(dir, 'chromium');
  const missing = join(dir, 'none');

  it('is the headless shell when there is one, else the full browser', () => {
    expect(findTestChromium({ env: {}, shells: [shell], candidates: [full] })).toBe(shell);
    expect(findTestChromium({ env: {}, shells: [missing], candidates: [full] })).toBe(full);
    expect(findTestChromium({ env: {}, shells: [missing], candidates: [missing] })).toBeUndefined();
  });

  it('is CHROME_PATH when it is set, even with a shell installed', () => {
    expect(findTestChromium({ env: { CHROME_PATH: full }, shells: [shell], candidates: [] })).toBe(full);
    expect(findTestChromium({ env: { CHROME_PATH: missing }, shells: [shell], candidates: [full] })).toBeUndefined();
  });
});
