/**
 * `pnpm preflight <stage>`, with credentials for the stage's account (any
 * region): read-only checks of what the stage's deploy needs (checks.ts).
 * Prints one line per check and exits 1 when one fails.
 */
import { readStagesFile } from '../lib/config';
import { defaultClients, preflight } from './checks';

async function main(): Promise<void> {
  const [stageName] = process.argv.slice(2);
  const file = readStagesFile();
  const stage =
    stageName && Object.hasOwn(file.stages, stageName) ? file.stages[stageName] : undefined;
  if (!stageName || !stage) {
    console.error(`usage: pnpm preflight <stage> (one of: ${Object.keys(file.stages).join(', ')})`);
    process.exitCode = 2;
    return;
  }
  console.log(`Preflight of ${stageName}: account ${stage.account}, ${stage.region} and us-east-1`);
  const results = await preflight(stageName, stage, defaultClients(stage.region));
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name}: ${r.detail}`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(failed ? `${failed} check(s) failed.` : 'Everything the deploy needs is in place.');
  if (failed) process.exitCode = 1;
}

void main();
