// ESLint 9 flat config: eslint recommended + typescript-eslint recommended (no type-aware rules, so it stays fast).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { readdirSync, readFileSync, statSync } from 'node:fs';

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
/**
 * Workspace boundaries (docs/decisions/0104-workspace-layout.md): another workspace is reached through its package
 * name and `exports` only, never its `src/` or `test/`, and never by a relative path that climbs out of
 * the importing file's workspace. The climb is caught per folder depth: a file `d` folders below its
 * workspace's root leaves the workspace with `d + 1` `../`.
 */
const ROOT = new URL('./', import.meta.url);
const WORKSPACES = [
  ...JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')).workspaces.flatMap((entry) =>
    entry.endsWith('/*')
      ? readdirSync(new URL(entry.slice(0, -1), ROOT))
          .map((name) => entry.slice(0, -1) + name)
          .filter((dir) => statSync(new URL(dir, ROOT)).isDirectory())
      : [entry],
  ),
  'bench',
  'e2e',
  'scripts',
];
const MAX_DEPTH = 8;
const INSIDES_MESSAGE =
  'Import another workspace through its package exports (e.g. @hf/app-kit/editing, @hf/service-kit/testing), never its src/ or test/. Missing? Add a named subpath to its package.json "exports".';
const CLIMB_MESSAGE =
  "This relative path leaves the file's workspace: import the other workspace by its package name and exports (e.g. @hf/svc-import/reading, @hf/test-kit/seeded-random).";
/** `@hf/<name>/src...` or `@hf/<name>/test...` (`\\x2f` is `/`: esquery's regex literals end at a bare slash). */
const INSIDES = '^@hf\\x2f[^\\x2f]+\\x2f(src|test)(\\x2f|$)';
const climbOut = (depth) => `^(\\.\\.\\x2f){${depth + 1}}`;
/** import('...') and require('...') are not seen by no-restricted-imports. */
const calls = (regex, message) => [
  { selector: `ImportExpression > Literal[value=/${regex}/]`, message },
  { selector: `CallExpression[callee.name='require'] > Literal[value=/${regex}/]`, message },
];
const boundaries = (depth) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { regex: INSIDES.replaceAll('\\x2f', '/'), message: INSIDES_MESSAGE },
        ...(depth === undefined ? [] : [{ regex: climbOut(depth).replaceAll('\\x2f', '/'), message: CLIMB_MESSAGE }]),
      ],
    },
  ],
  'no-restricted-syntax': [
    'error',
    ...calls(INSIDES, INSIDES_MESSAGE),
    ...(depth === undefined ? [] : calls(climbOut(depth), CLIMB_MESSAGE)),
  ],
});

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
      // Input sanitising deliberately matches control characters (NUL bytes and the like, docs/rules/security.md).
      'no-control-regex': 'off',
      // Packages are used through their exports only (@hf/contracts/ledger, @hf/app-kit/editing, ...).
      ...boundaries(undefined),
    },
  },
  // ...and no relative path climbs out of a workspace into another.
  ...WORKSPACES.flatMap((workspace) =>
    Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
      files: [`${workspace}/${'*/'.repeat(depth)}*.{ts,tsx,mts,cts,js,mjs,cjs}`],
      rules: boundaries(depth),
    })),
  ),
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
