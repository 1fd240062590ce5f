// ESLint 9 flat config: eslint recommended + typescript-eslint recommended (no type-aware rules, so it stays fast).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Node globals for plain JS/MJS/CJS files (TypeScript files get no-undef switched off by typescript-eslint). */
const nodeGlobals = Object.fromEntries(
  [
    'process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'fetch', 'AbortController', 'TextEncoder', 'TextDecoder',
    'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask',
    'structuredClone', 'globalThis',
  ].map((name) => [name, 'readonly']),
);
const commonJsGlobals = { require: 'readonly', module: 'writable', exports: 'writable', __dirname: 'readonly', __filename: 'readonly' };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**', '**/node_modules/**', '**/.tmp/**', '**/data/**', '**/coverage/**', '**/test-results/**',
      '**/playwright-report/**', 'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: nodeGlobals },
  },
  {
    files: ['**/*.cjs', '**/jest.config.js', '**/webpack.config.js', '**/*.config.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, ...commonJsGlobals } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      // Unused parameters/vars prefixed with _ are deliberate (Fastify handlers, destructuring to omit fields).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
);
