import { afterEach, describe, expect, it } from 'vitest';
import { $apiBase, apiUrl, isUnderBase, normalizeApiBase } from './config.ts';

describe('api-base config', () => {
  afterEach(() => $apiBase.set(null));

  it('normalises absolute URLs and paths', () => {
    expect(normalizeApiBase('https://api.example.com/')).toBe('https://api.example.com');
    expect(normalizeApiBase('https://example.com/vigil/')).toBe('https://example.com/vigil');
    expect(normalizeApiBase('/backend')).toBe(`${location.origin}/backend`);
  });

  it('rejects what is not an http(s) base', () => {
    expect(normalizeApiBase('javascript:alert(1)')).toBeNull();
    expect(normalizeApiBase('ftp://x.test')).toBeNull();
    expect(normalizeApiBase('https://x.test/?a=1')).toBeNull();
    expect(normalizeApiBase('https://user:pw@x.test')).toBeNull();
    expect(normalizeApiBase('  ')).toBeNull();
  });

  it('resolves paths against the base and recognises only what lies under it', () => {
    $apiBase.set('https://api.test/prefix');
    expect(apiUrl('/api/v2/user')).toBe('https://api.test/prefix/api/v2/user');
    expect(apiUrl('https://cdn.test/x')).toBe('https://cdn.test/x');
    expect(isUnderBase('https://api.test/prefix/api/v2/user')).toBe(true);
    expect(isUnderBase('https://api.test/prefix')).toBe(true);
    expect(isUnderBase('https://api.test/other')).toBe(false);
    expect(isUnderBase('https://api.test/prefix-other/x')).toBe(false);
    expect(isUnderBase('https://api.test/prefix/../other')).toBe(false);
    expect(isUnderBase('https://api.test.evil.com/prefix/')).toBe(false);
    expect(isUnderBase('http://api.test/prefix/')).toBe(false);
    $apiBase.set('https://api.test');
    expect(isUnderBase('https://api.test/anything')).toBe(true);
    expect(isUnderBase('https://api.test')).toBe(true);
  });

  it('knows no API before the base is settled', () => {
    expect(isUnderBase(location.origin)).toBe(false);
  });
});
