/**
 * One runner for every test: unit (pure), integration (real PostgreSQL), processes (integration
 * tests that start API processes of their own), e2e (system Chromium).
 */
const fs = require('node:fs');
const path = require('node:path');

/**
 * The integration tests that start built API processes (test/support/cluster.ts): each holds tens
 * of database connections and a few cores' worth of work, so two at once can exhaust the
 * server's connections. They run one at a time, after the others (npm test).
 */
const PROCESS_TESTS = fs
  .readdirSync(path.join(__dirname, 'test'))
  .filter((f) => f.endsWith('.int.ts') && fs.readFileSync(path.join(__dirname, 'test', f), 'utf8').includes("from './support/cluster'"))
  .map((f) => `<rootDir>/test/${f}`);
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { '^@tabour/eventstore/testing$': '<rootDir>/libs/eventstore/src/testing', '^@tabour/(.*)$': '<rootDir>/libs/$1/src' },
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/libs/**/*.spec.ts',
        '<rootDir>/apps/api/src/**/*.spec.ts',
        '<rootDir>/apps/web/src/**/*.spec.ts?(x)',
        '<rootDir>/test/**/*.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.int.ts', '<rootDir>/libs/**/*.int.ts'],
      testPathIgnorePatterns: PROCESS_TESTS.map((f) => f.replace('<rootDir>', __dirname).replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$'),
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'processes',
      testMatch: PROCESS_TESTS,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
  testTimeout: 60000,
};
