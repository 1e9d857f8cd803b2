#!/usr/bin/env node
// Runs the pnpm version pinned in package.json's packageManager, so a machine
// with only Node and npm can set up and run the project: `npm start`, `npm test`.
// `node scripts/pnpm.mjs <args>` from the command line; `pnpm(args)` from the other scripts.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `pnpm@x.y.z`, without the integrity suffix packageManager may carry. */
export function pinnedPnpm() {
  const { packageManager } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return packageManager.replace(/\+.*$/, '');
}

/**
 * The version of the pnpm on PATH, read from its package.json: spawning
 * `pnpm --version` costs a third of a second, which every start would pay.
 */
function pnpmOnPath() {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const bin = path.join(dir, 'pnpm');
    if (!dir || !existsSync(bin)) continue;
    let at = path.dirname(realpathSync(bin));
    for (let up = 0; up < 3; up++, at = path.dirname(at)) {
      const manifest = path.join(at, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8'));
      if (name === 'pnpm' || name === '@pnpm/exe') return version;
    }
    // A shim we cannot see through (corepack, a wrapper script): ask it.
    const asked = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    return asked.status === 0 ? asked.stdout.trim() : undefined;
  }
  return undefined;
}

/** The command line that runs the pinned pnpm: the global one when it is that version, else npx. */
export function pnpmCommand() {
  const pinned = pinnedPnpm();
  return `pnpm@${pnpmOnPath()}` === pinned ? ['pnpm', []] : ['npx', ['--yes', pinned]];
}

/** Runs pinned pnpm with `args` in the repository root, output inherited; returns the exit code. */
export function pnpm(args, options = {}) {
  const [cmd, prefix] = pnpmCommand();
  const result = spawnSync(cmd, [...prefix, ...args], {
    cwd: options.cwd ?? root,
    stdio: 'inherit',
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(pnpm(process.argv.slice(2), { cwd: process.cwd() }));
}
