/**
 * `pnpm --filter @cpe/infra synth:test`: synthesizes every configuration of
 * SYNTHS into SYNTH_DIR (emptied first), in one child process per core, so
 * each process loads aws-cdk-lib and hashes the assets once for all its
 * configurations. The infra project's global setup runs it through turbo,
 * which skips it when neither the infra sources nor the Lambda bundles
 * changed (turbo.json).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../lib/assets';
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

async function main(): Promise<void> {
  rmSync(SYNTH_DIR, { recursive: true, force: true });
  mkdirSync(SYNTH_DIR, { recursive: true });
  const processes = Math.max(1, Math.min(availableParallelism(), SYNTHS.length));
  // The policy checks cost the most: deal those out first, round-robin.
  const order = SYNTHS.map((_, i) => i).sort(
    (a, b) => Number(SYNTHS[b]!.policy) - Number(SYNTHS[a]!.policy),
  );
  await Promise.all(
    Array.from({ length: processes }, (_, p) =>
      synthesize(
        SYNTH_DIR,
        order.filter((_, k) => k % processes === p),
      ),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
