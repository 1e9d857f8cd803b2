#!/usr/bin/env node
// Runs the pnpm version pinned in package.json's packageManager, so a machine
// with only Node and npm can set up and run the project: `npm start`, `npm test`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pinned = packageManager.replace(/\+.*$/, '');

const which = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: false });
const useGlobal = which.status === 0 && `pnpm@${which.stdout.trim()}` === pinned;
const [cmd, args] = useGlobal
  ? ['pnpm', process.argv.slice(2)]
  : ['npx', ['--yes', pinned, ...process.argv.slice(2)]];

const result = spawnSync(cmd, args, { cwd: process.cwd(), stdio: 'inherit' });
process.exit(result.status ?? 1);
