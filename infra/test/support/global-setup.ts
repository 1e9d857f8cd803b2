/**
 * The infra project's global setup: every configuration the tests read is
 * synthesized once per run (synthesize-all.ts), through turbo, which
 * restores the last synth instead when neither the infra sources nor the
 * Lambda bundles changed. Tests read the templates from SYNTH_DIR
 * (`synthesized`) instead of synthesizing the same stage in each test file.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../lib/assets';
import { SYNTH_DIR } from './synths';

export default function globalSetup(): void {
  // Nothing of an earlier synth survives (an error file, say): turbo restores or makes it whole.
  rmSync(SYNTH_DIR, { recursive: true, force: true });
  execFileSync(
    path.join(REPO_ROOT, 'node_modules/.bin/turbo'),
    ['run', 'synth:test', '--filter=@cpe/infra', '--output-logs=errors-only'],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' },
    },
  );
}
