/**
 * Accessibility checks in the browser with axe-core. axe-core is a UMD/CommonJS file;
 * Vite pre-bundles it to ESM (see optimizeDeps.include in web-test-runner.config.mjs), so
 * a default import works. axe descends into open shadow roots of the elements it checks.
 *
 *   import { expectNoA11yViolations, axeViolations } from './helpers/axe.ts';
 *   await expectNoA11yViolations(host);          // throws, listing every violation
 *   const violations = await axeViolations(root); // or inspect them yourself
 */
import axe from 'axe-core';

/**
 * Rules about whole pages (landmarks, one h1, skip links, title, lang). They fire on
 * any fragment, so component tests skip them by default; the end-to-end suite checks
 * whole pages with them on.
 */
export const PAGE_LEVEL_RULES: readonly string[] = [
  'region',
  'landmark-one-main',
  'page-has-heading-one',
  'bypass',
  'document-title',
  'html-has-lang',
];

export interface AxeCheckOptions {
  /** Rule ids to switch off, on top of {@link PAGE_LEVEL_RULES} (unless `pageLevel`). */
  disableRules?: string[];
  /** Run the page-level rules too. */
  pageLevel?: boolean;
  /** Only these impacts count; default: all (minor, moderate, serious, critical). */
  impacts?: axe.ImpactValue[];
  /** Passed through to axe.run (merged with the rule switches above). */
  runOptions?: axe.RunOptions;
}

export type AxeRoot = Document | Element | ShadowRoot | DocumentFragment;

// axe refuses to run twice at once in one page ("Axe is already running").
let queue: Promise<unknown> = Promise.resolve();

/** Runs axe on `root` (default: the whole document) and returns the violations. */
export async function axeViolations(root: AxeRoot = document, options: AxeCheckOptions = {}): Promise<axe.Result[]> {
  let context: axe.ElementContext;
  if (root instanceof Document) context = root;
  else if (root instanceof ShadowRoot)
    context = root.host; // axe takes elements; it enters the open shadow root
  else if (root instanceof Element) context = root;
  else throw new Error('axeViolations: a DocumentFragment must be attached to the document first (pass its host)');

  const disabled = [...(options.pageLevel ? [] : PAGE_LEVEL_RULES), ...(options.disableRules ?? [])];
  const rules: axe.RunOptions['rules'] = { ...options.runOptions?.rules };
  for (const id of disabled) rules[id] = { enabled: false };
  const runOptions: axe.RunOptions = { resultTypes: ['violations'], ...options.runOptions, rules };

  const run = queue.then(() => axe.run(context, runOptions));
  queue = run.catch(() => undefined);
  const results = await run;
  return options.impacts ? results.violations.filter((v) => v.impact && options.impacts!.includes(v.impact)) : results.violations;
}

/** A readable multi-line list of violations: rule, impact, help, and each offending node. */
export function formatViolations(violations: axe.Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    - ${formatTarget(n.target)}: ${n.failureSummary?.replace(/\s*\n\s*/g, ' ') ?? ''}\n      ${n.html}`)
        .join('\n');
      return `  [${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join('\n');
}

function formatTarget(target: axe.UnlabelledFrameSelector): string {
  // Inside shadow DOM a target is a list of selectors, host first.
  return (target as unknown[]).map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' | ');
}

/** Throws an Error listing every violation found in `root`; resolves when there is none. */
export async function expectNoA11yViolations(root: AxeRoot = document, options: AxeCheckOptions = {}): Promise<void> {
  const violations = await axeViolations(root, options);
  if (violations.length > 0) {
    throw new Error(`${violations.length} accessibility violation(s):\n${formatViolations(violations)}`);
  }
}
