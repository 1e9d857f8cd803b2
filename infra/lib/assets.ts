/**
 * Where the deployable artefacts are, and how they are made. The Lambdas ship
 * the api package's esbuild bundles (packages/api/scripts/bundle.mjs, one
 * directory per handler module), so synth never runs esbuild per function.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs `fn` holding a machine-wide lock: parallel test workers must not bundle over each other. */
function withLock(name: string, fn: () => void): void {
  const lock = path.join(tmpdir(), `cpe-tracker-${name}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const held = statSync(lock, { throwIfNoEntry: false });
      // A lock older than two minutes belongs to a process that died.
      if (held && Date.now() - held.mtimeMs > 120_000)
        rmSync(lock, { recursive: true, force: true });
      else sleep(100);
    }
  }
  try {
    fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Runs the api bundle script, one process at a time on the machine. The
 * script skips a build whose inputs are unchanged (dist/.build-hash), so
 * tests never read bundles older than the sources; `force` rebuilds anyway;
 * `reuse` keeps what dist holds and builds only when a bundle is missing.
 */
export function ensureApiBundles(options: { force?: boolean; reuse?: boolean } = {}): void {
  if (options.reuse && !options.force && missingBundles(API_DIST).length === 0) return;
  withLock('api-bundle', () => {
    execFileSync(process.execPath, [BUNDLE_SCRIPT, ...(options.force ? ['--force'] : [])], {
      cwd: REPO_ROOT,
      stdio: BUILD_STDIO,
    });
  });
  const missing = missingBundles(API_DIST);
  if (missing.length > 0) throw new Error(`The api bundle has no ${missing.join(', ')}`);
}

/** Builds the SPA: always with `force`, otherwise only when packages/web/dist has no index.html. */
export function ensureWebBuild(options: { force?: boolean } = {}): void {
  if (!options.force && existsSync(path.join(WEB_DIST, 'index.html'))) return;
  execFileSync(process.execPath, [WEB_BUILD_SCRIPT], { cwd: REPO_ROOT, stdio: BUILD_STDIO });
}
