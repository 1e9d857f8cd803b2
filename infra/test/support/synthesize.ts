/**
 * `synthesize.ts <dir> <index>...`: synthesizes the given entries of SYNTHS,
 * each into <dir>/<synthDirName>/ (run by synthesize-all.ts, one process per
 * core, so each process loads aws-cdk-lib and hashes the assets once for all
 * its configurations). What synth throws is left in synth-error.txt for the
 * tests of that configuration to report.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { applyPolicyChecks } from '../../lib/nag';
import { buildStage, SYNTH_CONFIG_FILE, SYNTH_ERROR_FILE } from './stack';
import { SYNTHS, synthDirName } from './synths';

const [dir, ...indices] = process.argv.slice(2);
if (!dir || indices.length === 0) throw new Error('usage: synthesize.ts <dir> <index>...');

for (const index of indices) {
  const synth = SYNTHS[Number(index)];
  if (!synth) throw new Error(`SYNTHS has no entry ${index}`);
  const outdir = path.join(dir, synthDirName(synth.context));
  mkdirSync(outdir, { recursive: true });
  const { app, config } = buildStage(synth.context, outdir);
  writeFileSync(path.join(outdir, SYNTH_CONFIG_FILE), JSON.stringify(config));
  if (synth.policy) applyPolicyChecks(app);
  try {
    app.synth();
  } catch (error) {
    writeFileSync(
      path.join(outdir, SYNTH_ERROR_FILE),
      `Synth of ${JSON.stringify(synth.context)} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
