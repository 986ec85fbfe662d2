// The browser suite's own smoke test: shared source modules load in Chromium through
// Vite (TypeScript, valibot from node_modules) and the assertion helpers work.
import { Answers, ContractError, parse } from '../../src/core/api/contract.ts';
import { expect, waitFor } from './helpers/assert.ts';
import { describe, it } from './helpers/mocha.ts';

describe('smoke: the API contract in Chromium', () => {
  it('parse() returns a valid answer', () => {
    const answer = parse(Answers.publicUser, { data: { username: 'jdoe', name: 'Jane Doe', extra: 1 } });
    expect(answer.data.name).toBe('Jane Doe');
    expect(answer).toEqual({ data: { username: 'jdoe', name: 'Jane Doe', extra: 1 } });
  });

  it('parse() throws a ContractError naming a missing field', () => {
    const call = () => parse(Answers.publicUser, { data: { username: 'jdoe' } });
    expect(call).toThrow(ContractError);
    expect(call).toThrow(/data\.name/);
    try {
      call();
    } catch (error) {
      expect(error).toBeInstanceOf(ContractError);
      expect((error as ContractError).issues.map((i) => i.path)).toContain('data.name');
    }
  });

  it('has Vite features: import.meta.glob', async () => {
    const modules = import.meta.glob<{ expect: unknown }>('./helpers/assert.ts');
    expect(Object.keys(modules)).toEqual(['./helpers/assert.ts']);
    const loaded = await modules['./helpers/assert.ts']!();
    expect(loaded.expect).toBe(expect);
  });

  it('runs in a real browser', async () => {
    expect(navigator.userAgent).toMatch(/Chrom/);
    expect(typeof CSSStyleSheet.prototype.replaceSync).toBe('function');
    let ready = false;
    setTimeout(() => (ready = true), 30);
    await waitFor(() => ready);
  });
});

describe('smoke: the expect helper fails when it should', () => {
  it('reports a mismatch', () => {
    expect(() => expect(1).toBe(2)).toThrow('expected 1 to be 2');
    expect(() => expect({ a: [1] }).toEqual({ a: [2] })).toThrow(/to equal/);
    expect(() => expect(() => undefined).toThrow()).toThrow(/did not throw/);
    expect(() => expect('abc').not.toContain('b')).toThrow(/not to contain/);
  });

  it('handles promises', async () => {
    await expect(Promise.reject(new TypeError('boom'))).rejects.toThrow(TypeError);
    await expect(Promise.resolve(3)).resolves.toBe(3);
    await expect(expect(Promise.resolve(1)).rejects.toThrow()).rejects.toThrow(/to reject/);
  });

  it('waitFor gives up with the last error', async () => {
    await expect(waitFor(() => expect(1).toBe(2), { timeout: 60 })).rejects.toThrow('expected 1 to be 2');
  });
});
