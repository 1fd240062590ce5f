// ESLint 9 flat config: eslint recommended + typescript-eslint recommended (no type-aware rules, so it stays fast).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

/** Node globals for plain JS/MJS/CJS files (TypeScript files get no-undef switched off by typescript-eslint). */
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'fetch',
    'AbortController',
    'TextEncoder',
    'TextDecoder',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'clearImmediate',
    'queueMicrotask',
    'structuredClone',
    'globalThis',
  ].map((name) => [name, 'readonly']),
);
const commonJsGlobals = {
  require: 'readonly',
  module: 'writable',
  exports: 'writable',
  __dirname: 'readonly',
  __filename: 'readonly',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.tmp/**',
      '**/data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: nodeGlobals },
  },
  {
    // No package.json here sets "type": "module", so .js files are CommonJS (jest and webpack configs).
    files: ['**/*.{js,cjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'commonjs', globals: { ...nodeGlobals, ...commonJsGlobals } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      // Input sanitising deliberately matches control characters (NUL bytes and the like, security.md).
      'no-control-regex': 'off',
      // @hf/contracts is used through its package exports only (docs/decisions.md, "Contracts subpaths").
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@hf/contracts/src', '@hf/contracts/src/*'],
              message:
                'Import a subpath of @hf/contracts (e.g. @hf/contracts/ledger, @hf/contracts/ledger-limits), never its src/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      // Unused parameters/vars prefixed with _ are deliberate (Fastify handlers, destructuring to omit fields).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  // Formatting is Prettier's (`npm run format`); eslint keeps to correctness.
  prettier,
);
