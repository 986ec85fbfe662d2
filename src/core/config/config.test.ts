import { afterEach, describe, expect, it } from 'vitest';
import { $apiBase, apiUrl, isApiOrigin, normalizeApiBase, setApiBase } from './config.ts';

describe('api-base config', () => {
  afterEach(() => $apiBase.set(location.origin));

  it('normalises absolute URLs and paths', () => {
    expect(normalizeApiBase('https://api.example.com/')).toBe('https://api.example.com');
    expect(normalizeApiBase('https://example.com/vigil/')).toBe('https://example.com/vigil');
    expect(normalizeApiBase('/backend')).toBe(`${location.origin}/backend`);
  });

  it('rejects what is not an http(s) base', () => {
    expect(normalizeApiBase('javascript:alert(1)')).toBeNull();
    expect(normalizeApiBase('ftp://x.test')).toBeNull();
    expect(normalizeApiBase('https://x.test/?a=1')).toBeNull();
    expect(normalizeApiBase('  ')).toBeNull();
  });

  it('leaves the config unchanged for a bad value', () => {
    setApiBase('https://good.test');
    expect(setApiBase('javascript:1')).toBe(false);
    expect($apiBase.get()).toBe('https://good.test');
  });

  it('resolves paths against the base and recognises its origin only', () => {
    setApiBase('https://api.test/prefix');
    expect(apiUrl('/api/v2/user')).toBe('https://api.test/prefix/api/v2/user');
    expect(apiUrl('https://cdn.test/x')).toBe('https://cdn.test/x');
    expect(isApiOrigin('https://api.test/other')).toBe(true);
    expect(isApiOrigin('https://api.test.evil.com/')).toBe(false);
    expect(isApiOrigin('http://api.test/')).toBe(false);
  });
});
