/**
 * The infra project's global setup: synthesizes every configuration of
 * SYNTHS once for the whole run, in one child process per jest worker, into
 * SYNTH_DIR, emptied first. Tests read
 * the templates from there (`synthesized`) instead of synthesizing the same
 * stage again in each test file.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { GlobalConfig } from 'jest';
import { buildAssets, REPO_ROOT } from '../../lib/assets';
import { SYNTH_DIR, SYNTHS } from './synths';

const SYNTHESIZE = path.join(__dirname, 'synthesize.ts');

function synthesize(dir: string, indices: number[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', SYNTHESIZE, dir, ...indices.map(String)],
      { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`Synthesizing the infra test stages failed (${code}):\n${stderr}`));
    });
  });
}

export default async function globalSetup(globalConfig: GlobalConfig): Promise<void> {
  // Once, before the synth processes, which read the bundles.
  buildAssets();
  const dir = SYNTH_DIR;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const processes = Math.max(1, Math.min(globalConfig.maxWorkers, SYNTHS.length));
  // The policy checks cost the most: deal those out first, round-robin.
  const order = SYNTHS.map((_, i) => i).sort(
    (a, b) => Number(SYNTHS[b]!.policy) - Number(SYNTHS[a]!.policy),
  );
  await Promise.all(
    Array.from({ length: processes }, (_, p) =>
      synthesize(
        dir,
        order.filter((_, k) => k % processes === p),
      ),
    ),
  );
}
