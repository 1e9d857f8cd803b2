#!/usr/bin/env node
/**
 * Makes the working tree ready to run, doing only what is not done yet:
 *
 * - dependencies: `pnpm install --frozen-lockfile` unless node_modules was
 *   installed from exactly the current lockfile and manifests. A successful
 *   install (this script's, or anyone's `pnpm install`, through the root
 *   `postinstall`) records a hash of those inputs in node_modules; a matching
 *   hash means there is nothing to install, and costs milliseconds instead of
 *   the second or more pnpm takes to find that out;
 * - with `--web`, the SPA: its build script skips itself when its sources are
 *   unchanged (a content hash kept in packages/web/dist).
 *
 * Plain Node built-ins only: this runs before anything is installed.
 *
 *   node scripts/setup.mjs            install when needed
 *   node scripts/setup.mjs --force    install even when the record matches
 *   node scripts/setup.mjs --web      ... and build the SPA when its sources changed
 *   node scripts/setup.mjs --record   record the current state (root postinstall)
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm, root } from './pnpm.mjs';

const STAMP = path.join(root, 'node_modules/.cpe-install-state');
const WEB_BUILD = path.join(root, 'packages/web/scripts/build.mjs');

/** What a manifest contributes to an install; scripts or descriptions changing need none. */
const INSTALL_FIELDS = [
  'name',
  'bin',
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
  'peerDependenciesMeta',
  'dependenciesMeta',
  'packageManager',
  'pnpm',
];

/** The workspace's package directories, from the `packages:` globs of pnpm-workspace.yaml (`dir` or `dir/*`). */
export function workspaceDirs() {
  const yaml = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const block = /^packages:\n((?:[ \t]+-.*\n?)+)/m.exec(yaml)?.[1] ?? '';
  const globs = [...block.matchAll(/-\s*['"]?([^'"\n#]+?)['"]?\s*$/gm)]
    .map((m) => m[1])
    .filter((glob) => !glob.startsWith('!'));
  const dirs = ['.'];
  for (const glob of globs) {
    if (/\/\*\*?$/.test(glob)) {
      const parent = glob.replace(/\/\*\*?$/, '');
      for (const entry of readdirSync(path.join(root, parent), { withFileTypes: true })) {
        if (entry.isDirectory() && existsSync(path.join(root, parent, entry.name, 'package.json')))
          dirs.push(`${parent}/${entry.name}`);
      }
    } else if (existsSync(path.join(root, glob, 'package.json'))) {
      dirs.push(glob);
    }
  }
  return dirs.sort();
}

/** A hash of everything `pnpm install` reads to lay out node_modules, on this platform. */
export function installHash() {
  const hash = createHash('sha256');
  hash.update(`${process.platform} ${process.arch} node-abi-${process.versions.modules}\n`);
  for (const file of ['pnpm-lock.yaml', 'pnpm-workspace.yaml', '.npmrc', '.pnpmfile.cjs']) {
    const full = path.join(root, file);
    hash.update(`${file}\n`);
    if (existsSync(full)) hash.update(readFileSync(full));
  }
  for (const dir of workspaceDirs()) {
    const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    const relevant = Object.fromEntries(INSTALL_FIELDS.map((f) => [f, manifest[f] ?? null]));
    hash.update(`${dir}\n${JSON.stringify(relevant)}\n`);
  }
  return hash.digest('hex');
}

/** Why an install is needed, or null when node_modules matches the lockfile and manifests. */
export function installNeeded() {
  if (!existsSync(path.join(root, 'node_modules/.modules.yaml'))) return 'no node_modules yet';
  if (!existsSync(STAMP)) return 'no record of a completed install';
  if (readFileSync(STAMP, 'utf8').trim() !== installHash())
    return 'the lockfile or a package.json changed since the last install';
  for (const dir of workspaceDirs()) {
    const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    const hasDeps = ['dependencies', 'devDependencies'].some(
      (f) => Object.keys(manifest[f] ?? {}).length > 0,
    );
    if (hasDeps && !existsSync(path.join(root, dir, 'node_modules')))
      return `${dir}/node_modules is missing`;
  }
  return null;
}

export function recordInstall() {
  writeFileSync(STAMP, `${installHash()}\n`);
}

/** Installs dependencies when they do not match the lockfile; throws when pnpm fails. */
export function ensureInstalled({ force = false } = {}) {
  const reason = force ? 'asked to' : installNeeded();
  if (!reason) return;
  console.log(`setup: installing dependencies (${reason})`);
  const status = pnpm(['install', '--frozen-lockfile']);
  if (status !== 0) throw new Error(`pnpm install failed (exit ${status})`);
  // The root postinstall records it too, unless scripts are disabled in the user's pnpm config.
  recordInstall();
}

/** Builds the SPA; the build script returns at once when its sources are unchanged. */
export function ensureWebBuilt() {
  const result = spawnSync(process.execPath, [WEB_BUILD], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the web build failed (exit ${result.status})`);
}

function main(args) {
  if (args.includes('--record')) {
    recordInstall();
    return;
  }
  ensureInstalled({ force: args.includes('--force') });
  if (args.includes('--web')) ensureWebBuilt();
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`setup: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
