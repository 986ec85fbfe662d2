import { afterEach, describe, expect, it } from 'vitest';
import { $theme, applyTheme, colorSchemeOf, readTheme, setTheme, THEME_KEY } from './theme.ts';

describe('theme choice', () => {
  afterEach(() => {
    localStorage.clear();
    $theme.set('system');
  });

  it('reads a stored light or dark choice, anything else is the system', () => {
    expect(readTheme({ getItem: () => 'dark' })).toBe('dark');
    expect(readTheme({ getItem: () => 'light' })).toBe('light');
    expect(readTheme({ getItem: () => 'purple' })).toBe('system');
    expect(readTheme({ getItem: () => null })).toBe('system');
    expect(readTheme(null)).toBe('system');
  });

  it('remembers the choice per browser and forgets it for the system', () => {
    setTheme('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect($theme.get()).toBe('dark');
    setTheme('system');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect($theme.get()).toBe('system');
  });

  it('applies the choice as the root colour scheme', () => {
    expect(colorSchemeOf('system')).toBe('light dark');
    const root = document.createElement('div');
    applyTheme('dark', root);
    expect(root.style.colorScheme).toBe('dark');
    applyTheme('system', root);
    expect(root.style.colorScheme).toBe('light dark');
  });
});
