import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { conflictMarkerLines, findConflictMarkers, isBinary, isConflictMarker } from './check-conflict-markers.ts';

// Built, never written at the start of a line: this file must pass the check itself.
const OPEN = '<'.repeat(7);
const BASE = '|'.repeat(7);
const SPLIT = '='.repeat(7);
const CLOSE = '>'.repeat(7);

describe('isConflictMarker', () => {
  it('flags the lines git writes into a conflicted file', () => {
    expect(isConflictMarker(`${OPEN} HEAD`)).toBe(true);
    expect(isConflictMarker(`${BASE} merged common ancestors`)).toBe(true);
    expect(isConflictMarker(SPLIT)).toBe(true);
    expect(isConflictMarker(`${CLOSE} feature/branch`)).toBe(true);
    expect(isConflictMarker(`${CLOSE} bytes\r`)).toBe(true);
    expect(isConflictMarker(`${SPLIT}\r`)).toBe(true);
  });

  it('lets look-alikes through', () => {
    expect(isConflictMarker(`  ${OPEN} HEAD`)).toBe(false);
    expect(isConflictMarker(`${OPEN}HEAD`)).toBe(false);
    expect(isConflictMarker(`${'<'.repeat(6)} HEAD`)).toBe(false);
    expect(isConflictMarker(`${SPLIT}=`)).toBe(false);
    expect(isConflictMarker(`${SPLIT} `)).toBe(false);
    expect(isConflictMarker('======')).toBe(false);
    expect(isConflictMarker('a >>>>>>> b')).toBe(false);
    expect(isConflictMarker('')).toBe(false);
  });
});

describe('conflictMarkerLines', () => {
  it('gives the 1-based line of every marker', () => {
    const text = ['intro', `${OPEN} HEAD`, 'ours', SPLIT, 'theirs', `${CLOSE} bytes`, 'outro'].join('\n');
    expect(conflictMarkerLines(text)).toEqual([2, 4, 6]);
    expect(conflictMarkerLines(text.replaceAll('\n', '\r\n'))).toEqual([2, 4, 6]);
  });

  it('finds nothing in clean text', () => {
    expect(conflictMarkerLines('Title\n=====\n\ntext <<< and >>> inline\n')).toEqual([]);
  });
});

describe('isBinary', () => {
  it('takes a NUL byte for binary', () => {
    expect(isBinary(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))).toBe(true);
    expect(isBinary(new TextEncoder().encode(`${OPEN} HEAD\n`))).toBe(false);
  });
});

describe('findConflictMarkers', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  /** A tree with markers in one text file, in a binary and in node_modules. */
  function tree(): string {
    dir = mkdtempSync(join(tmpdir(), 'vigil-markers-'));
    writeFileSync(join(dir, 'clean.md'), 'Heading\n-------\n');
    writeFileSync(join(dir, 'conflicted.ts'), ['const a = 1;', `${OPEN} HEAD`, 'x', SPLIT, 'y', `${CLOSE} other`].join('\n'));
    writeFileSync(join(dir, 'image.bin'), Buffer.concat([Buffer.from([0]), Buffer.from(`\n${OPEN} HEAD\n`)]));
    mkdirSync(join(dir, 'node_modules', 'pkg'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'pkg', 'index.js'), `${OPEN} HEAD\n`);
    return dir;
  }
  const expected = ['conflicted.ts:2', 'conflicted.ts:4', 'conflicted.ts:6'];

  it('walks the tree where git has no repository: file:line in text files only', () => {
    expect(findConflictMarkers(tree()).sort()).toEqual(expected);
  });

  it('reads the file list from git in a repository', () => {
    const root = tree();
    try {
      execFileSync('git', ['init', '-q'], { cwd: root, stdio: 'ignore' });
    } catch {
      return; // no git here: the walk above is what runs
    }
    expect(findConflictMarkers(root).sort()).toEqual(expected);
  });
});
