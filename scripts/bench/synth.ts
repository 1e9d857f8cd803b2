/**
 * `cdk synth -c stage=dev` as a deploy runs it (cdk.json's app: the api
 * bundles and the SPA rebuilt, cdk-nag and the Control Tower guard rules
 * checked), median of three runs against the docs' budget. It takes minutes,
 * so `pnpm bench` runs it only when named: `pnpm bench synth`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUDGETS } from './budgets';
import { median, report } from './report';

const ROOT = path.resolve(__dirname, '../..');
const RUNS = 3;
const STAGE = 'dev';

function timeSynth(): number {
  const outdir = mkdtempSync(path.join(tmpdir(), 'cpe-bench-synth-'));
  const started = performance.now();
  try {
    execFileSync(
      path.join(ROOT, 'node_modules/.bin/cdk'),
      ['synth', '--quiet', '-c', `stage=${STAGE}`, '--output', outdir],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    return (performance.now() - started) / 1000;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

export function benchSynth(): Promise<boolean> {
  const seconds: number[] = [];
  for (let run = 0; run < RUNS; run++) seconds.push(timeSynth());
  console.log(`synth runs: ${seconds.map((s) => s.toFixed(1)).join(', ')} s`);
  return Promise.resolve(
    report(`cdk synth of one stage (${STAGE})`, [
      {
        what: `synth, median of ${RUNS}`,
        value: median(seconds),
        unit: 's',
        budget: BUDGETS.synthSeconds,
        kind: 'max',
      },
    ]),
  );
}
