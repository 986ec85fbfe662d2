import { afterEach, describe, expect, it } from 'vitest';
import { $apiBase, apiOrigin, apiUrl, isApiOrigin, normalizeApiBase } from './config.ts';

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

  it('resolves paths against the base and recognises its origin only', () => {
    $apiBase.set('https://api.test/prefix');
    expect(apiUrl('/api/v2/user')).toBe('https://api.test/prefix/api/v2/user');
    expect(apiUrl('https://cdn.test/x')).toBe('https://cdn.test/x');
    expect(isApiOrigin('https://api.test/other')).toBe(true);
    expect(isApiOrigin('https://api.test.evil.com/')).toBe(false);
    expect(isApiOrigin('http://api.test/')).toBe(false);
  });

  it('knows no API origin before the base is settled', () => {
    expect(apiOrigin()).toBeNull();
    expect(isApiOrigin(location.origin)).toBe(false);
  });
});
