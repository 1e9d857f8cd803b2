/**
 * What the CDK app deploys for a function: the handler setting of its
 * `HandlerFunction` (infra/lib/functions.ts) and the bytes of the `index.js`
 * CDK stages as its code asset. The app is synthesized for real, in a process
 * of its own run where the CDK app lives (infra/), so a test can compare what
 * the local runtime ran with what would ship.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const INFRA = path.resolve(__dirname, '../../infra');

/** Synthesizes one HandlerFunction into `outdir`; prints its Handler and its asset's directory. */
const SYNTH = `
const path = require('node:path');
const { App, RemovalPolicy, Stack } = require('aws-cdk-lib');
const { RetentionDays } = require('aws-cdk-lib/aws-logs');
const { API_DIST } = require('./lib/assets.ts');
const { HandlerFunction } = require('./lib/functions.ts');
const [module, outdir] = process.argv.slice(1);
const app = new App({ outdir, context: { 'aws:cdk:enable-asset-metadata': true } });
const stack = new Stack(app, 'Code');
const fn = new HandlerFunction(stack, 'Function', {
  module, apiDist: API_DIST, description: module, environment: {},
  logRetention: RetentionDays.ONE_DAY, logRemovalPolicy: RemovalPolicy.DESTROY,
});
const template = app.synth().getStackByName('Code').template;
const resource = template.Resources[stack.getLogicalId(fn.function.node.defaultChild)];
process.stdout.write(JSON.stringify({
  handler: resource.Properties.Handler,
  assetDir: path.join(outdir, resource.Metadata['aws:asset:path']),
}));
`;

export async function deployedCode(module: string): Promise<{ handler: unknown; index: Buffer }> {
  const outdir = mkdtempSync(path.join(tmpdir(), 'cpe-cdk-'));
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '-e', SYNTH, module, outdir],
      { cwd: INFRA, maxBuffer: 16 * 1024 * 1024 },
    );
    const { handler, assetDir } = JSON.parse(stdout) as { handler: unknown; assetDir: string };
    return { handler, index: readFileSync(path.join(assetDir, 'index.js')) };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
