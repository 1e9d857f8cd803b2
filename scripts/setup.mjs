#!/usr/bin/env node
/**
 * Makes the working tree ready to run: installs the dependencies when
 * node_modules does not match the lockfile and manifests. pnpm decides that
 * itself (`verify-deps-before-run`: it compares what it recorded at the last
 * install, and installs with the frozen lockfile only when something
 * changed); the builds are turbo's (`pnpm build`, turbo.json).
 *
 * Plain Node built-ins only: this runs before anything is installed.
 *
 *   node scripts/setup.mjs    install when needed
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';

/** Installs dependencies when they do not match the lockfile; throws when pnpm fails. */
export function ensureInstalled() {
  // `exec` of a no-op: the check and the install are what pnpm does before running it.
  const status = pnpm([
    '--config.verify-deps-before-run=install',
    '--config.frozen-lockfile=true',
    'exec',
    'node',
    '-e',
    '',
  ]);
  if (status !== 0) throw new Error(`pnpm install failed (exit ${status})`);
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureInstalled();
  } catch (error) {
    console.error(`setup: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
