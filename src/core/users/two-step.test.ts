import { describe, expect, it } from 'vitest';
import { refusedEvacuation } from './two-step.ts';

describe('refusedEvacuation', () => {
  it('marks members who may evacuate without two-step sign-in, only while the project requires it', () => {
    expect(refusedEvacuation({ permissions: ['view', 'evacuate'], two_step: false }, true)).toBe(true);
    expect(refusedEvacuation({ permissions: ['view', 'evacuate'], two_step: true }, true)).toBe(false);
    expect(refusedEvacuation({ permissions: ['view'], two_step: false }, true)).toBe(false);
    expect(refusedEvacuation({ permissions: ['view', 'evacuate'], two_step: false }, false)).toBe(false);
    // An older server says nothing about two-step: no mark.
    expect(refusedEvacuation({ permissions: ['view', 'evacuate'] }, true)).toBe(false);
  });
});
