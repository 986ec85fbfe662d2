import { describe, expect, it } from 'vitest';
import { formatSummary, STAGES, stagesFrom, stepsOf } from './test-stages.ts';

describe('npm test stages', () => {
  it('runs every stage by default, unit tests before the build and the browsers last', () => {
    expect(stagesFrom([])).toEqual(STAGES);
    expect(STAGES.indexOf('test:unit')).toBeLessThan(STAGES.indexOf('build'));
    expect(STAGES.at(-1)).toBe('test:e2e');
  });

  it('starts from a named stage, and refuses an unknown one', () => {
    expect(stagesFrom(['--from', 'budgets'])).toEqual(['budgets', 'test:browser', 'test:e2e']);
    expect(() => stagesFrom(['--from', 'nope'])).toThrow(/--from needs one of/);
  });

  it('runs the typecheck, the lint and the unit tests side by side, after the manifest they read', () => {
    expect(stepsOf(STAGES)).toEqual([
      [['manifest']],
      [['typecheck:code'], ['lint'], ['test:unit']],
      [['build', 'budgets'], ['test:browser']],
      [['test:e2e']],
    ]);
  });

  it('runs the build, then the budgets that read it, beside the browser tests that do not', () => {
    expect(stepsOf(stagesFrom(['--from', 'test:unit']))).toEqual([
      [['test:unit']],
      [['build', 'budgets'], ['test:browser']],
      [['test:e2e']],
    ]);
    expect(stepsOf(stagesFrom(['--from', 'budgets']))).toEqual([[['budgets'], ['test:browser']], [['test:e2e']]]);
    expect(stepsOf(stagesFrom(['--from', 'test:browser']))).toEqual([[['test:browser']], [['test:e2e']]]);
  });

  it('gives the wall time as the total when stages ran side by side', () => {
    const text = formatSummary(
      [
        { stage: 'lint', seconds: 30, status: 'passed' },
        { stage: 'test:unit', seconds: 70, status: 'passed' },
      ],
      71,
    );
    expect(text.split('\n').at(-1)).toBe('  total       1:11');
  });

  it('prints each stage with its time and the total, and marks what did not run', () => {
    const text = formatSummary([
      { stage: 'typecheck', seconds: 61.4, status: 'passed' },
      { stage: 'lint', seconds: 5, status: 'failed' },
      { stage: 'test:unit', seconds: 0, status: 'not run' },
    ]);
    expect(text.split('\n')).toEqual([
      '[test] stage times',
      '  typecheck   1:01  passed',
      '  lint        0:05  failed',
      '  test:unit      -  not run',
      '  total       1:06',
    ]);
  });
});
