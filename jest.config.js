// One jest run, five projects; each layer runs alone with --selectProjects.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// unpdf resolves from the package that depends on it; its PDF.js build lies beside its entry.
const unpdfPdfjs = require
  .resolve('unpdf', { paths: [`${__dirname}/packages/api`] })
  .replace(/index\.cjs$/, 'pdfjs.mjs');

const base = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // unpdf's PDF.js build is ESM only (`unpdf/pdfjs` has no require condition),
  // which jest's CommonJS sandbox cannot load: it is compiled like the sources.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/unpdf@[^/]+/node_modules/)?unpdf/)'],
  moduleNameMapper: { '^unpdf/pdfjs$': unpdfPdfjs },
  testEnvironment: 'node',
};

/** @type {import('jest').Config} */
module.exports = {
  // One worker per core, not jest's default of one fewer: most suites wait on
  // browsers, containers and databases more than they compute, and on two
  // cores the default is a single worker (27 minutes for `npm test`; 18 with two).
  maxWorkers: '100%',
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/packages/{shared,api,local}/src/**/*.test.ts',
        '<rootDir>/scripts/**/*.test.ts',
      ],
    },
    {
      ...base,
      displayName: 'integration',
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      // The web app and the Lambda bundles, built once before the suites' runtimes serve them.
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      setupFilesAfterEnv: ['<rootDir>/tests/support/slow-suite.ts'],
      slowTestThreshold: 30,
    },
    {
      ...base,
      displayName: 'web',
      testEnvironment: 'jsdom',
      setupFilesAfterEnv: ['<rootDir>/packages/web/src/test/polyfills.ts'],
      testMatch: ['<rootDir>/packages/web/src/**/*.test.{ts,tsx}'],
    },
    {
      ...base,
      displayName: 'infra',
      testMatch: ['<rootDir>/infra/**/*.test.ts'],
      // Synthesizes each stage the tests read once per run, not once per test file.
      globalSetup: '<rootDir>/infra/test/support/global-setup.ts',
    },
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      setupFilesAfterEnv: ['<rootDir>/tests/support/slow-suite.ts'],
    },
  ],
};
