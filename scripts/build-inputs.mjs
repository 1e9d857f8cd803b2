/**
 * A build's inputs as one hash, so a build whose inputs are unchanged can be
 * skipped: every file below `dirs` and each of `files` that exists, by path
 * relative to `repo` and by content. packages/web/scripts/build.mjs and
 * packages/api/scripts/bundle.mjs keep theirs in `<dist>/.build-hash`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This file: every build that uses it lists it among its inputs. */
export const INPUTS_HASH_FILE = fileURLToPath(import.meta.url);

/** @param {string} repo @param {{ dirs: string[], files: string[] }} inputs */
export function inputsHash(repo, { dirs, files }) {
  const all = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else all.push(full);
    }
  };
  for (const dir of dirs) walk(dir);
  all.push(...files.filter((f) => existsSync(f)), INPUTS_HASH_FILE);
  const hash = createHash('sha256');
  for (const file of [...new Set(all)].sort()) {
    hash.update(`${path.relative(repo, file)}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/**
 * The inputs of a package's build: its own `dirs`, the build `script`, the
 * package's manifest, the shared package's sources and manifest, the
 * tsconfigs that steer resolution, and the lockfile (the tools and
 * libraries bundled).
 * @param {string} repo @param {{ packageRoot: string, script: string, dirs: string[] }} build
 */
export function packageBuildHash(repo, { packageRoot, script, dirs }) {
  return inputsHash(repo, {
    dirs: [...dirs, path.join(repo, 'packages/shared/src')],
    files: [
      script,
      path.join(packageRoot, 'package.json'),
      path.join(repo, 'packages/shared/package.json'),
      path.join(repo, 'tsconfig.json'),
      path.join(repo, 'tsconfig.base.json'),
      path.join(repo, 'pnpm-lock.yaml'),
    ],
  });
}

/** Whether `dist` was built from inputs hashing to `hash` (and still holds every `outputs` file). */
export function builtFrom(dist, hash, outputs) {
  const hashFile = path.join(dist, '.build-hash');
  return (
    outputs.every((f) => existsSync(path.join(dist, f))) &&
    existsSync(hashFile) &&
    readFileSync(hashFile, 'utf8').trim() === hash
  );
}
