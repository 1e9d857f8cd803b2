#!/usr/bin/env node
/**
 * `pnpm typecheck`: every TypeScript project of the repository, each with its
 * own tsconfig (sources, and tests with jest types apart), two at a time.
 * A package alone: `pnpm --filter @cpe/<name> typecheck`.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = [
  ...readdirSync(path.join(root, 'packages')).map((p) => path.join('packages', p)),
  'infra',
  'tests',
  'scripts',
];
const projects = folders.flatMap((folder) =>
  ['tsconfig.json', 'tsconfig.test.json']
    .map((name) => path.join(folder, name))
    .filter((file) => existsSync(path.join(root, file))),
);
const tsc = path.join(root, 'node_modules/.bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(tsc, ['-p', project, '--noEmit', '--pretty'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, ok: code === 0, output }));
  });
}

const queue = [...projects];
const results = [];
await Promise.all(
  Array.from({ length: 2 }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const result = await check(project);
      console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${project}`);
      if (!result.ok) process.stdout.write(result.output);
      results.push(result);
    }
  }),
);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
