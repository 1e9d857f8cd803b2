/**
 * The import rules (scripts/lint/layers.mjs) on deliberately wrong imports
 * and right ones, each snippet linted as if it were the file at the given
 * path, with the repository's own import config; and a real import circle.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { layersConfig, noCycleConfig, wholePackageLayersConfig } from './layers.mjs';

const root = path.resolve(__dirname, '../..');
const config = layersConfig(root, [
  'packages/*/tsconfig.json',
  'packages/*/tsconfig.test.json',
  'infra/tsconfig.json',
  'tests/tsconfig.json',
  'scripts/tsconfig.json',
]);

/** The import rules' messages for `code` at `file`, as "rule: message". */
function lint(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: root });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
        languageOptions: { parser: tseslint.parser, sourceType: 'module' },
        ...config,
      },
      wholePackageLayersConfig,
      // The circle rule as the packages have it, here on every file (the fixture lives in scripts/).
      { ...noCycleConfig, files: ['**/*.ts', '**/*.tsx'] },
    ],
    { filename: path.join(root, file) },
  );
  return messages.map((m) => `${m.ruleId ?? 'parser'}: ${m.message}`);
}

describe('the import rules', () => {
  it.each([
    ['packages/web/src/pages/Home.tsx', "import { buildHandler } from '@cpe/api/handlers';"],
    ['packages/web/src/pages/Home.tsx', "import x from '../../../local/src/runtime';"],
    ['packages/shared/src/routes.ts', "import { parseApiConfig } from '@cpe/api/config';"],
    ['packages/api/src/handlers/health.ts', "import { startLocalRuntime } from '@cpe/local';"],
    ['infra/lib/stack.ts', "import { ManualClock } from '@cpe/local/clock';"],
    ['packages/local/src/runtime.ts', "import { api } from '@cpe/test-support/users';"],
    ['packages/api/src/x.ts', "const m = await import('@cpe/web/auth/amplify');"],
    ['packages/web/src/main.tsx', "import { pnpm } from '../../../scripts/pnpm.mjs';"],
  ])('refuses a wrong-way import across packages: %s: %s', (file, code) => {
    const messages = lint(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^boundaries\/dependencies: /);
  });

  it.each([
    // The data layer does not call handlers; handlers do not load Lambda entry points.
    ['packages/api/src/data/activities.ts', "import { buildHandler } from '../handlers';"],
    ['packages/api/src/handlers/health.ts', "import { handler } from '../lambda/health';"],
    // Plain web modules do not import components or pages; components do not import pages.
    ['packages/web/src/api/client.ts', "import { PageSpinner } from '../components/PageSpinner';"],
    ['packages/web/src/lib/use-form.ts', "import { Home } from '../pages/Home';"],
    ['packages/web/src/components/TopBar.tsx', "import { Home } from '../pages/Home';"],
    // A package's tests use any layer of it, but not what the package may not import.
    ['packages/web/src/pages/Home.test.tsx', "import { startLocalRuntime } from '@cpe/local';"],
  ])('refuses a wrong-way import inside a package: %s: %s', (file, code) => {
    // Some of these close a circle too: import-x/no-cycle says so as well.
    expect(lint(file, code)).toContainEqual(
      expect.stringMatching(/^boundaries\/dependencies: There is no policy allowing/),
    );
  });

  it.each([
    ['scripts/bench/local-api.ts', "import { api } from '../../tests/support/users';"],
    ['infra/lib/api.ts', "import { routes } from '../../packages/shared/src/routes';"],
  ])('refuses a relative path into another package: %s: %s', (file, code) => {
    expect(lint(file, code)).toContainEqual(
      expect.stringMatching(/^no-restricted-imports: .*by its name/),
    );
  });

  it.each([
    ['packages/web/src/pages/Home.tsx', "import { routes } from '@cpe/shared/routes';"],
    ['packages/web/src/pages/Home.tsx', "import { useApi } from '../api/ApiContext';"],
    ['packages/web/src/pages/Home.tsx', "import { TopBar } from '../components/TopBar';"],
    ['packages/api/src/lambda/health.ts', "import { buildHandler } from '../handlers';"],
    ['packages/web/src/AppRoutes.tsx', "import { Home } from './pages/Home';"],
    ['packages/web/src/main.tsx', "import { StartupError } from './components/StartupError';"],
    [
      'packages/api/src/recommend/handler.test.ts',
      "import { createRecommendationsHandler } from '../handlers/recommendations';",
    ],
    [
      'packages/web/src/api/activity.test.tsx',
      "import { PageSpinner } from '../components/PageSpinner';",
    ],
    ['packages/local/src/runtime.ts', "import { buildHandler } from '@cpe/api/handlers';"],
    ['infra/lib/api.ts', "import { httpHandlers } from '@cpe/api/functions';"],
    ['tests/integration/api.test.ts', "import { api } from '../support/users';"],
    ['tests/integration/api.test.ts', "import { startLocalRuntime } from '@cpe/local';"],
    ['scripts/bench/local-api.ts', "import { api } from '@cpe/test-support/users';"],
    ['packages/api/scripts/bundle.mjs', "import { pnpm } from '../../../scripts/pnpm.mjs';"],
  ])('allows %s: %s', (file, code) => {
    expect(lint(file, code)).toEqual([]);
  });

  it('refuses an import circle', () => {
    const file = 'scripts/lint/fixtures/cycle/a.ts';
    const messages = lint(file, readFileSync(path.join(root, file), 'utf8'));
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });
});
