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

/** Every handler module the api package ships, each one Lambda function. */
export const HANDLER_MODULES: readonly string[] = lambdaModules;

export function bundleDir(apiDist: string, module: string): string {
  return path.join(apiDist, module);
}

function missingBundles(apiDist: string): string[] {
  return HANDLER_MODULES.filter((m) => !existsSync(path.join(apiDist, m, 'index.js')));
}

/**
 * Builds the Lambda bundles and the SPA through turbo (turbo.json), which
 * restores a build whose inputs are unchanged from its cache, so a synth never
 * ships code older than the sources. Build output goes to stderr: the app's
 * stdout belongs to the CDK CLI.
 */
export function buildAssets(): void {
  runTurbo(['build', '--filter=@cpe/api', '--filter=@cpe/web'], process.stderr);
  checkAssets();
}

/** `turbo run <task...>` in the repository, its output to `out`; throws when a task fails. */
export function runTurbo(args: string[], out: NodeJS.WriteStream = process.stdout): void {
  execFileSync(
    path.join(REPO_ROOT, 'node_modules/.bin/turbo'),
    ['run', ...args, '--output-logs=errors-only'],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', out, 'inherit'],
      // turbo would otherwise try to send usage data and look for its own updates.
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' },
    },
  );
}

/** Throws unless the dist directories hold every bundle and the SPA. */
export function checkAssets(): void {
  const missing = missingBundles(API_DIST).map((m) => `packages/api/dist/${m}/index.js`);
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) missing.push('packages/web/dist/index.html');
  if (missing.length > 0) throw new Error(`No ${missing.join(', ')}: run \`pnpm build\``);
}
