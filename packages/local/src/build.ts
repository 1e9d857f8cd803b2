/**
 * Builds what the local runtime serves, the web app (packages/web/dist) and
 * the Lambda bundles (packages/api/dist), through turbo (turbo.json): a
 * package whose inputs are unchanged is restored from turbo's cache
 * (node_modules/.cache/turbo) instead of built again.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { toolEnv } from './env';

const REPO_ROOT = path.resolve(__dirname, '../../..');

export function buildArtifacts(): void {
  execFileSync(
    path.join(REPO_ROOT, 'node_modules/.bin/turbo'),
    ['run', 'build', '--filter=@cpe/web', '--filter=@cpe/api', '--output-logs=errors-only'],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      // turbo would otherwise try to send usage data and look for its own updates.
      env: toolEnv({ TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' }),
    },
  );
}
