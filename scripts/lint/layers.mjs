/**
 * The repository's layers for eslint-plugin-boundaries: which part may
 * import which, across packages and inside them. shared is the bottom; web
 * and api stand on it; local and infra on api; only tests and benchmarks
 * import local. Inside api, the Lambda entry points stand on the handlers,
 * the handlers on the rest; inside web, pages stand on components, and
 * components on the plain modules (API client, auth, lib, content).
 * Relative paths are classified by where they land, so a wrong-way import
 * cannot slip through as `../../`, and a relative path into another
 * package or into tests/support is refused: import it by its package name.
 * Import circles are refused by import-x/no-cycle.
 */
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';

/** Parts by folder from the repository root; the first match wins. */
export const ELEMENTS = [
  { type: 'test-support', pattern: 'tests/support/**' },
  { type: 'tests', pattern: 'tests/**' },
  { type: 'bench', pattern: 'scripts/bench/**' },
  { type: 'build', pattern: 'packages/{api,web}/scripts/**' },
  { type: 'scripts', pattern: 'scripts/**' },
  { type: 'shared', pattern: 'packages/shared/**' },
  { type: 'api-entry', pattern: 'packages/api/src/lambda/**' },
  { type: 'api-handlers', pattern: 'packages/api/src/handlers/**' },
  { type: 'api', pattern: 'packages/api/**' },
  { type: 'web-pages', pattern: 'packages/web/src/pages/**' },
  { type: 'web-components', pattern: 'packages/web/src/components/**' },
  { type: 'web-test', pattern: 'packages/web/src/test/**' },
  { type: 'web', pattern: 'packages/web/**' },
  { type: 'local', pattern: 'packages/local/**' },
  { type: 'infra', pattern: 'infra/**' },
].map((element) => ({ ...element, partialMatch: false }));

const API = ['api', 'api-handlers', 'api-entry'];
const WEB = ['web', 'web-components', 'web-pages'];

/** Who may import whom, besides itself. */
export const ALLOWED = {
  shared: [],
  api: ['shared'],
  'api-handlers': ['api', 'shared'],
  'api-entry': ['api-handlers', 'api', 'shared'],
  web: ['shared'],
  'web-components': ['web', 'shared'],
  'web-pages': ['web-components', 'web', 'shared'],
  'web-test': [...WEB, 'shared'],
  local: [...API, 'shared'],
  infra: [...API, 'shared'],
  'test-support': ['local', ...API, 'shared'],
  tests: ['test-support', 'local', ...API, 'shared', ...WEB, 'infra', 'scripts'],
  bench: ['test-support', 'local', ...API, 'shared'],
  scripts: ['shared'],
  build: ['scripts', 'shared'],
};

/**
 * A package's own tests, and the files that assemble the web app (main.tsx,
 * App.tsx, AppRoutes.tsx), may use any layer of their package (and what the
 * package may import).
 */
const WHOLE_PACKAGE_ALLOWED = {
  ...ALLOWED,
  api: [...API, 'shared'],
  'api-handlers': [...API, 'shared'],
  'api-entry': [...API, 'shared'],
  web: [...WEB, 'web-test', 'shared'],
  'web-components': [...WEB, 'web-test', 'shared'],
  'web-pages': [...WEB, 'web-test', 'shared'],
};

/** The layer rule over `allowed`. */
function layerRule(allowed) {
  return [
    'error',
    {
      default: 'disallow',
      policies: Object.entries(allowed).map(([from, to]) => ({
        from: { element: { type: from } },
        allow: { to: { element: { types: { anyOf: [from, ...to] } } } },
      })),
    },
  ];
}

/** Files that may use any layer of their package. */
export const WHOLE_PACKAGE_FILES = [
  'packages/*/src/**/*.test.{ts,tsx}',
  'packages/web/src/{main,App,AppRoutes}.tsx',
];

/**
 * The ESLint config of the import rules, resolving specifiers as TypeScript
 * does with the given projects (paths from `root`).
 */
export function layersConfig(root, projects) {
  const project = projects.map((p) => path.join(root, p));
  return {
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'boundaries/root-path': root,
      'boundaries/elements': ELEMENTS,
      'boundaries/include': [
        'packages/**/*.{ts,tsx,mts,mjs,js}',
        'infra/**/*.{ts,mts}',
        'tests/**/*.{ts,tsx,mts,mjs}',
        'scripts/**/*.{ts,mts,mjs}',
      ],
      'import/resolver': { typescript: { project, noWarnOnMultipleProjects: true } },
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'boundaries/dependencies': layerRule(ALLOWED),
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(packages|infra|tests/support)/',
              message: 'Import another package by its name (@cpe/...), not by a relative path.',
            },
          ],
        },
      ],
    },
  };
}

/** The layer rule for WHOLE_PACKAGE_FILES. */
export const wholePackageLayersConfig = {
  files: WHOLE_PACKAGE_FILES,
  rules: { 'boundaries/dependencies': layerRule(WHOLE_PACKAGE_ALLOWED) },
};

/** No import circles in the packages' code (tests import freely across their package). */
export const noCycleConfig = {
  files: ['packages/*/src/**/*.{ts,tsx}'],
  ignores: WHOLE_PACKAGE_FILES,
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};
