import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import featureBoundaries from './scripts/eslint-rules/feature-boundaries.mjs';

// A migration is frozen: what it defines is its own copy, and code that runs later keeps its own
// (a constant shared with a migration would change history when it changes).
const FROZEN_MIGRATIONS = {
  group: ['**/db/migrations/*'],
  message: 'Migrations are frozen: keep your own copy of the constant (and test that they agree).',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.tools/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'web/e2e/.output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Dependencies point down: the layers below the features (transport, storage, shared
    // helpers) never import a feature; app.ts hands them what they need from the features.
    files: [
      'server/src/realtime/**/*.ts',
      'server/src/db/**/*.ts',
      'server/src/plugins/**/*.ts',
      'server/src/lib/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/features'],
              message:
                'realtime/, db/, plugins/ and lib/ sit below the features: take what you need as a parameter (see app.ts).',
            },
            FROZEN_MIGRATIONS,
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/{features,ops,seed,config}/**/*.ts', 'server/src/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [FROZEN_MIGRATIONS] }] },
  },
  {
    // Features reach into each other only where it is allowed (docs/architecture.md): on the
    // server through another feature's service, never its repository; in the web app through
    // another feature's index.ts. Tests may set up what they need from anywhere.
    plugins: { studium: featureBoundaries },
  },
  {
    files: ['server/src/features/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'studium/no-foreign-repository': 'error' },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'studium/feature-public-surface': 'error' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
