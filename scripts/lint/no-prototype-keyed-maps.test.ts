/** The lint rule against plain objects keyed by arbitrary strings, on a fixture of right and wrong code. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import prototypeKeys from './no-prototype-keyed-maps.mjs';

const root = path.resolve(__dirname, '../..');
const fixture = path.join(__dirname, 'fixtures/prototype-keys.ts');

it('reports exactly the lines that key a plain object by any string', async () => {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: {
          parser: tseslint.parser,
          // A program of the fixture alone: the scripts' whole program takes seconds to build.
          parserOptions: {
            project: ['scripts/lint/fixtures/tsconfig.json'],
            tsconfigRootDir: root,
          },
        },
        plugins: { proto: prototypeKeys },
        rules: { 'proto/no-prototype-keyed-maps': 'error' },
      },
    ],
  });
  const [result] = await eslint.lintFiles([fixture]);
  const lines = readFileSync(fixture, 'utf8').split('\n');
  const reported = [...new Set(result?.messages.map((m) => m.line))].sort((a, b) => a - b);
  const refused = lines.flatMap((line, i) => (line.includes('// refused') ? [i + 1] : []));
  expect(result?.messages.every((m) => m.ruleId === 'proto/no-prototype-keyed-maps')).toBe(true);
  expect(reported).toEqual(refused);
  expect(refused).toHaveLength(2);
}, 60_000);
