// ESLint (flat config): typescript-eslint's recommended rules, the two rules of hooks, the
// layer rules of docs/engineering.md#layers as import restrictions, and reasons on every
// disable comment. Not type-aware on purpose: it stays fast (docs/engineering.md#lint-and-format).
import js from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REACT = {
  regex: '^(react|react-dom|@nanostores/react|@tanstack/react-virtual)(/|$)',
  message: 'src/core is framework-free TypeScript: no React here (docs/engineering.md#layers).',
};

/** `no-restricted-imports` with the given patterns (relative specifiers are matched as written). */
const restrict = (...patterns) => ['error', { patterns }];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'lib/',
      'types/',
      'custom-elements.json',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      '.data/',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  comments.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      '@eslint-community/eslint-comments/disable-enable-pair': ['error', { allowWholeFile: true }],
      'no-alert': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },

  // Layers (docs/engineering.md#layers).
  {
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': restrict(REACT, {
        regex: '^(\\.\\./)+(features|ui|elements)(/|$)',
        message: 'src/core must not import features, ui or elements (docs/engineering.md#layers).',
      }),
    },
  },
  {
    // Unit tests of core may read the features' message catalogues (data, not code).
    files: ['src/core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(REACT, {
        regex: '^(\\.\\./)+((features|ui|elements)(/|$))(?![\\w-]+/messages/)',
        message: 'src/core must not import features, ui or elements (docs/engineering.md#layers).',
      }),
    },
  },
  {
    files: ['src/ui/**'],
    rules: {
      'no-restricted-imports': restrict({
        regex: '^(\\.\\./)+(features|elements)(/|$)',
        message: 'src/ui holds primitives with props only: no features, no elements (docs/engineering.md#layers).',
      }),
    },
  },
  {
    files: ['src/features/common/*'],
    rules: {
      'no-restricted-imports': restrict({
        regex: '^\\.\\./(?!\\.\\./)',
        message: 'features/common is what every feature uses: it imports no other feature (docs/engineering.md#layers).',
      }),
    },
  },
  {
    files: ['src/features/common/*/**'],
    rules: {
      'no-restricted-imports': restrict({
        regex: '^\\.\\./\\.\\./(?!\\.\\./)',
        message: 'features/common is what every feature uses: it imports no other feature (docs/engineering.md#layers).',
      }),
    },
  },
  {
    files: ['demo/server/**'],
    rules: {
      'no-restricted-imports': restrict({
        regex: '^(\\.\\./)+(elements(/|$)|src/(?!core/api/contract\\.ts$|core/schedules/overlap\\.ts$))',
        message:
          'The demo server shares with the portal only the API contract (src/core/api/contract.ts) and the rules both sides apply (src/core/schedules/overlap.ts).',
      }),
    },
  },

  // No React here: Playwright fixtures call `use`, which is not the React hook.
  {
    files: ['test/e2e/**', 'demo/server/**', 'scripts/**', 'bench/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'react-hooks/exhaustive-deps': 'off' },
  },

  // Tests wait for conditions, never for a fixed time: a sleep is too short on a busy
  // machine (flaky) and too long on an idle one (slow). Wait for a request, an event, a
  // text, a frame, a witness (test/browser/helpers/witness.ts) or the page's clock. A
  // zero-delay timeout is not a wait but a yield (queued work runs first): allowed.
  {
    files: ['test/**', '**/*.test.{ts,tsx}', '**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'No fixed waits in tests: wait for the condition (expect.poll, a locator, page.clock.runFor).',
        },
        {
          selector:
            "NewExpression[callee.name='Promise'] > ArrowFunctionExpression > CallExpression.body[callee.name='setTimeout'][arguments.0.type='Identifier']:not([arguments.1.value=0])",
          message: 'No sleeps in tests: wait for the condition (waitFor, nextFrames, a witness, fake timers).',
        },
        {
          selector:
            "NewExpression[callee.name='Promise'] > ArrowFunctionExpression > BlockStatement CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']:not([arguments.1.value=0])",
          message: 'No sleeps in tests: wait for the condition (waitFor, nextFrames, a witness, fake timers).',
        },
      ],
    },
  },

  // chai's property assertions (`expect(x).to.be.true`) are expressions by design.
  {
    files: ['test/browser/**'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
