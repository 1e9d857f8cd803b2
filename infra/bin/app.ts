/**
 * The CDK app (cdk.json at the repository root): `pnpm --filter @cpe/infra cdk
 * synth|diff|deploy --all -c stage=<stage> [...]`, or `npx cdk ...` from the
 * root. See docs/deploy.md for the context keys.
 *
 * Before synthesizing it rebuilds the Lambda bundles (one esbuild run,
 * packages/api/scripts/bundle.mjs) and the SPA, so a deploy never ships stale
 * code; `-c build=false` skips that and uses what is in the dist directories.
 */
import { App, Tags } from 'aws-cdk-lib';
import { ensureApiBundles, ensureWebBuild } from '../lib/assets';
import { stageConfigFromContext } from '../lib/config';
import { applyNagChecks } from '../lib/nag';
import { CpeTrackerStack } from '../lib/stack';

const app = new App();
const config = stageConfigFromContext(app.node, {
  account: process.env.CDK_DEFAULT_ACCOUNT,
  deployNonce: new Date().toISOString(),
});

const build =
  app.node.tryGetContext('build') !== 'false' && app.node.tryGetContext('build') !== false;
ensureApiBundles({ force: build });
ensureWebBuild({ force: build });

const stack = new CpeTrackerStack(app, `CpeTracker-${config.stage}`, {
  config,
  env: { account: config.account, region: config.region },
  description: `CPE Tracker (${config.stage}): SPA, API, Cognito, Aurora Serverless v2`,
  terminationProtection: config.retainData,
});
Tags.of(stack).add('app', 'cpe-tracker');
Tags.of(stack).add('stage', config.stage);

applyNagChecks(app);
