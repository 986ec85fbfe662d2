import { describe, expect, it } from 'vitest';
import { deviceName, keyBytes, withSeverity, withSite } from './device.ts';

describe('device alerts', () => {
  it('read the VAPID key as the bytes subscribe() takes', () => {
    const raw = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) & 255);
    const base64url = btoa(String.fromCharCode(...raw))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect([...keyBytes(base64url)]).toEqual([...raw]);
  });

  it('name a browser the way the device list shows it', () => {
    expect(deviceName('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36')).toBe('Chrome · Android');
    expect(
      deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari · iOS');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0')).toBe(
      'Edge · Windows',
    );
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox · Linux');
    expect(deviceName('curl/8')).toBe('Browser');
  });

  it('keep severities in their fixed order when one is turned on or off', () => {
    expect(withSeverity(['critical', 'high'], 'low', true)).toEqual(['low', 'high', 'critical']);
    expect(withSeverity(['low', 'high', 'critical'], 'high', false)).toEqual(['low', 'critical']);
  });
});

describe('the device’s sites', () => {
  const all = ['a', 'b', 'c'];
  it('narrow from every site to the ones left on, and back to every site (null)', () => {
    expect(withSite(null, all, 'b', false)).toEqual(['a', 'c']);
    expect(withSite(['a', 'c'], all, 'a', false)).toEqual(['c']);
    expect(withSite(['a', 'c'], all, 'b', true)).toBeNull();
  });
});
