/** One jest run for the whole monorepo: node projects for services and packages, jsdom for front ends. */
const transform = {
  '^.+\\.(m|c)?(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};
const transformIgnorePatterns = ['/node_modules/(?!(cookie|typebox|jose|@nats-io|content-disposition)/)'];
const common = {
  transform,
  transformIgnorePatterns,
  moduleNameMapper: { '\\.css$': '<rootDir>/tools/test-kit/src/jest-style-stub.js' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

module.exports = {
  globalSetup: '<rootDir>/tools/test-kit/src/jest-global-setup.ts',
  globalTeardown: '<rootDir>/tools/test-kit/src/jest-global-teardown.ts',
  projects: [
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{packages,svc-*,gateway,app,tools,scripts,bench}/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.browser\\.test\\.'],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/{shell,mf-*,packages/app-kit,packages/ui}/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tools/test-kit/src/jest-web-setup.ts'],
    },
  ],
};
