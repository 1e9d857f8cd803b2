import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layersConfig, noCycleConfig, wholePackageLayersConfig } from './scripts/lint/layers.mjs';
import prototypeKeys from './scripts/lint/no-prototype-keyed-maps.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
/** Every TypeScript project: the test configs (jest types) sit beside the source configs. */
const TS_PROJECTS = [
  'packages/*/tsconfig.json',
  'packages/*/tsconfig.test.json',
  'infra/tsconfig.json',
  'infra/tsconfig.test.json',
  'tests/tsconfig.json',
  'scripts/tsconfig.json',
  'scripts/tsconfig.test.json',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'cdk.out/**',
      // The infra tests' cached synth (global-setup.ts): generated templates and bundled assets.
      'infra/.synth/**',
      '**/.turbo/**',
      '.data/**',
      'coverage/**',
      'bench/**',
      '.bench/**',
      // Deliberately circular imports, linted by scripts/lint/layers.test.ts.
      'scripts/lint/fixtures/cycle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Layers across and inside packages, and no import circles (scripts/lint/layers.mjs).
  layersConfig(root, TS_PROJECTS),
  wholePackageLayersConfig,
  noCycleConfig,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Type-aware rules on every TypeScript file, each checked against its own package's tsconfig.
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      // Explicit projects: the test configs (jest types) sit beside the source configs.
      parserOptions: {
        project: TS_PROJECTS,
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Keys from requests never index plain objects (scripts/lint/no-prototype-keyed-maps.mjs).
    files: ['packages/*/src/**/*.{ts,tsx}', 'infra/lib/**/*.ts', 'infra/bin/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'packages/web/src/test/**'],
    plugins: { proto: prototypeKeys },
    rules: { 'proto/no-prototype-keyed-maps': 'error' },
  },
  {
    // Only the env modules read process.env; everything else takes validated config.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: [
      'packages/*/src/**/env.ts',
      'packages/*/src/**/*.test.ts',
      'packages/*/src/**/*.test.tsx',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration from the package env module.',
        },
      ],
    },
  },
  {
    // Nothing writes process.env: configuration is passed, not published process-wide.
    files: ['**/*.{ts,tsx,mjs,js}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "AssignmentExpression > MemberExpression.left[object.type='MemberExpression'][object.object.name='process'][object.property.name='env']",
          message: 'Do not write process.env: pass configuration explicitly.',
        },
        {
          selector:
            "UnaryExpression[operator='delete'] > MemberExpression[object.type='MemberExpression'][object.object.name='process'][object.property.name='env']",
          message: 'Do not write process.env: pass configuration explicitly.',
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "AssignmentExpression > MemberExpression.left[object.type='MemberExpression'][object.object.name='process'][object.property.name='env']",
          message: 'Do not write process.env: pass configuration explicitly.',
        },
        {
          selector:
            "UnaryExpression[operator='delete'] > MemberExpression[object.type='MemberExpression'][object.object.name='process'][object.property.name='env']",
          message: 'Do not write process.env: pass configuration explicitly.',
        },
        {
          selector: "CallExpression[callee.property.name='only']",
          message: 'No focused tests on main.',
        },
        {
          selector: "CallExpression[callee.property.name='skip']",
          message: 'No skipped tests on main.',
        },
        {
          selector: 'CallExpression[callee.name=/^(xit|xdescribe|xtest|fit|fdescribe)$/]',
          message: 'No skipped or focused tests.',
        },
      ],
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
);
