#!/usr/bin/env node
/**
 * Gets the working tree ready, then runs a command in it: what `npm test`,
 * `pnpm test:e2e` and `pnpm bench` go through.
 *
 *   node scripts/run.mjs [--chromium] -- <command> [args...]
 *
 *   --chromium  the command needs a browser: a working Chromium is required,
 *               checked first so a machine without one stops in the first
 *               seconds (or, as root, gets one: see chromium.mjs)
 *
 * Dependencies are installed when node_modules does not match the lockfile
 * (see setup.mjs). When a Chromium is found the command gets its path as
 * CHROMIUM_PATH, which tests/support/browser.ts reads.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { ChromiumMissingError, ensureChromium, findChromium } from './chromium.mjs';
import { root } from './pnpm.mjs';
import { ensureInstalled } from './setup.mjs';

function main() {
  const argv = process.argv.slice(2);
  const split = argv.indexOf('--');
  const flags = split === -1 ? argv : argv.slice(0, split);
  const command = split === -1 ? [] : argv.slice(split + 1);
  const unknown = flags.filter((f) => f !== '--chromium');
  if (unknown.length > 0 || command.length === 0) {
    throw new Error(`usage: run.mjs [--chromium] -- <command> [args...] (got ${argv.join(' ')})`);
  }

  const chromium = flags.includes('--chromium') ? ensureChromium() : findChromium().path;
  ensureInstalled();

  const env = { ...process.env };
  if (chromium) env.CHROMIUM_PATH = chromium;
  // npm and pnpm put node_modules/.bin on PATH; a bare `node scripts/run.mjs` gets it too.
  env.PATH = [path.join(root, 'node_modules/.bin'), env.PATH].filter(Boolean).join(path.delimiter);
  const [cmd, ...args] = command;
  const child = spawn(cmd, args, { cwd: root, env, stdio: 'inherit' });
  // A terminal's Ctrl-C reaches the whole process group, the child included: only
  // signals sent to this process alone need passing on.
  for (const signal of ['SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
  process.on('SIGINT', () => undefined);
  child.on('error', (error) => {
    console.error(`run: ${cmd}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
  });
}

try {
  main();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof ChromiumMissingError ? `\n${message}\n` : `run: ${message}`);
  process.exit(1);
}
