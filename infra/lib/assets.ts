/**
 * Where the deployable artefacts are, and how they are made. The Lambdas ship
 * the api package's esbuild bundles (packages/api/scripts/bundle.mjs, one
 * directory per handler module), so synth never runs esbuild per function.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { lambdaModules } from '@cpe/api/functions';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const API_DIST = path.join(REPO_ROOT, 'packages/api/dist');
export const WEB_DIST = path.join(REPO_ROOT, 'packages/web/dist');
const BUNDLE_SCRIPT = path.join(REPO_ROOT, 'packages/api/scripts/bundle.mjs');
const WEB_BUILD_SCRIPT = path.join(REPO_ROOT, 'packages/web/scripts/build.mjs');

/** Every handler module the api package ships, each one Lambda function. */
export const HANDLER_MODULES: readonly string[] = lambdaModules;

export function bundleDir(apiDist: string, module: string): string {
  return path.join(apiDist, module);
}

function missingBundles(apiDist: string): string[] {
  return HANDLER_MODULES.filter((m) => !existsSync(path.join(apiDist, m, 'index.js')));
}

/** Build output goes to stderr: the app's stdout belongs to the CDK CLI. */
const BUILD_STDIO: ['ignore', NodeJS.WriteStream, 'inherit'] = [
  'ignore',
  process.stderr,
  'inherit',
];

/**
 * Runs the api bundle script (one process at a time: the script locks dist). The
 * script skips a build whose inputs are unchanged (dist/.build-hash), so
 * tests never read bundles older than the sources; `force` rebuilds anyway;
 * `reuse` keeps what dist holds and builds only when a bundle is missing.
 */
export function ensureApiBundles(options: { force?: boolean; reuse?: boolean } = {}): void {
  if (options.reuse && !options.force && missingBundles(API_DIST).length === 0) return;
  // The script holds a lock on dist itself, so parallel callers wait rather than bundle over each other.
  execFileSync(process.execPath, [BUNDLE_SCRIPT, ...(options.force ? ['--force'] : [])], {
    cwd: REPO_ROOT,
    stdio: BUILD_STDIO,
  });
  const missing = missingBundles(API_DIST);
  if (missing.length > 0) throw new Error(`The api bundle has no ${missing.join(', ')}`);
}

/** Builds the SPA: always with `force`, otherwise only when packages/web/dist has no index.html. */
export function ensureWebBuild(options: { force?: boolean } = {}): void {
  if (!options.force && existsSync(path.join(WEB_DIST, 'index.html'))) return;
  execFileSync(process.execPath, [WEB_BUILD_SCRIPT], { cwd: REPO_ROOT, stdio: BUILD_STDIO });
}
