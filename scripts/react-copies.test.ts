import { describe, expect, it } from 'vitest';
import { oneReactForTests, reactCopies } from './react-copies.ts';

describe('reactCopies', () => {
  const react = oneReactForTests();

  it('finds one React in React’s own files, two when they come twice', () => {
    expect(reactCopies(`app();\n${react}`)).toBe(1);
    expect(reactCopies(`${react}\n${react}`)).toBe(2);
  });

  it('counts a second react-dom/client even beside a single core', () => {
    const domClient = react.slice(react.indexOf('__reactContainer$') - 200, react.indexOf('__reactContainer$') + 200);
    expect(reactCopies(`${react}\n${domClient}`)).toBe(2);
  });

  it('finds none in code without React', () => {
    expect(reactCopies('customElements.define("x-y", class extends HTMLElement {});')).toBe(0);
  });
});
