import { describe, expect, it } from 'vitest';
import { filterByWords, fold } from './search.ts';

describe('search', () => {
  it('folds case and accents', () => {
    expect(fold('Émile ZOË Sofíe')).toBe('emile zoe sofie');
  });

  it('keeps the items holding every word, in order, and all of them for a blank query', () => {
    const items = ['Crème Brûlée', 'Creme fraiche', 'Brulee'];
    expect(filterByWords(items, 'CREME', (s) => s)).toEqual(['Crème Brûlée', 'Creme fraiche']);
    expect(filterByWords(items, 'brûlée crème', (s) => s)).toEqual(['Crème Brûlée']);
    expect(filterByWords(items, '  ', (s) => s)).toEqual(items);
    expect(filterByWords(items, 'tart', (s) => s)).toEqual([]);
  });
});
