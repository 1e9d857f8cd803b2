/**
 * The import-direction rule on deliberately wrong imports (and right ones),
 * linted as if each snippet were a file at the given path.
 */
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import boundaries from './import-boundaries.mjs';

const root = path.resolve(__dirname, '../..');

function lint(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: root });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser },
        plugins: { cpe: boundaries },
        rules: { 'cpe/import-boundaries': ['error', { root }] },
      },
    ],
    { filename: path.join(root, file) },
  );
  return messages.map((m) => m.message);
}

describe('the import-direction rule', () => {
  it.each([
    [
      'packages/web/src/pages/Home.tsx',
      "import { handler } from '@cpe/api/handlers';",
      'web may not import api',
    ],
    [
      'packages/web/src/pages/Home.tsx',
      "import x from '../../../local/src/runtime';",
      'web may not import local',
    ],
    [
      'packages/shared/src/routes.ts',
      "import { env } from '@cpe/api/config';",
      'shared may not import api',
    ],
    [
      'packages/api/src/handlers/health.ts',
      "import { startLocalRuntime } from '@cpe/local';",
      'api may not import local',
    ],
    [
      'infra/lib/stack.ts',
      "import { ManualClock } from '@cpe/local/clock';",
      'infra may not import local',
    ],
    [
      'packages/local/src/runtime.ts',
      "import { api } from '../../../tests/support/users';",
      'local may not import test-support',
    ],
    [
      'packages/api/src/x.test.ts',
      "export * from '../../../tests/integration/api.test';",
      'api may not import tests',
    ],
    [
      'scripts/bench/local-api.ts',
      "import { api } from '../../tests/support/users';",
      'import it as @cpe/test-support',
    ],
    [
      'infra/lib/api.ts',
      "import { routes } from '../../packages/shared/src/routes';",
      'import it as @cpe/shared',
    ],
    ['packages/api/src/x.ts', "const m = await import('@cpe/web');", 'api may not import web'],
    [
      'packages/web/src/main.tsx',
      "import { inputsHash } from '../../../scripts/build-inputs.mjs';",
      'web may not import scripts',
    ],
  ])('refuses %s: %s', (file, code, expected) => {
    const messages = lint(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(expected);
  });

  it.each([
    ['packages/web/src/pages/Home.tsx', "import { routes } from '@cpe/shared/routes';"],
    ['packages/web/src/pages/Home.tsx', "import { useApi } from '../api/ApiContext';"],
    ['packages/local/src/runtime.ts', "import { buildHandler } from '@cpe/api/handlers';"],
    ['infra/lib/api.ts', "import { httpHandlers } from '@cpe/api/functions';"],
    ['tests/integration/api.test.ts', "import { api } from '../support/users';"],
    ['tests/integration/api.test.ts', "import { startLocalRuntime } from '@cpe/local';"],
    ['scripts/bench/local-api.ts', "import { api } from '@cpe/test-support/users';"],
    ['tests/support/runtime.ts', "import { startLocalRuntime } from '@cpe/local';"],
    [
      'packages/api/scripts/bundle.mjs',
      "import { inputsHash } from '../../../scripts/build-inputs.mjs';",
    ],
  ])('allows %s: %s', (file, code) => {
    expect(lint(file, code)).toEqual([]);
  });
});
