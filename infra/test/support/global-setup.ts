/**
 * The infra project's global setup: every configuration the tests read is
 * synthesized once per run (synthesize-all.ts), through turbo, which
 * restores the last synth instead when neither the infra sources nor the
 * Lambda bundles changed. Tests read the templates from SYNTH_DIR
 * (`synthesized`) instead of synthesizing the same stage in each test file.
 */
import { rmSync } from 'node:fs';
import { runTurbo } from '../../lib/assets';
import { SYNTH_DIR } from './synths';

export default function globalSetup(): void {
  // Nothing of an earlier synth survives (an error file, say): turbo restores or makes it whole.
  rmSync(SYNTH_DIR, { recursive: true, force: true });
  runTurbo(['synth:test', '--filter=@cpe/infra']);
}
