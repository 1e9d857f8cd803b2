/**
 * The CDK app (cdk.json at the repository root): `pnpm --filter @cpe/infra cdk
 * synth|diff|deploy --all -c stage=<stage> [...]`. The stage comes from
 * infra/stages.json; see docs/deploy.md for the context keys that override it.
 *
 * Before synthesizing it builds the Lambda bundles and the SPA through turbo
 * (an unchanged build comes from its cache), so a deploy never ships stale
 * code; `-c build=false` skips that and uses what is in the dist directories.
 *
 * Synth needs no AWS credentials and no network: accounts and regions come
 * from the stages file, availability zones are resolved by CloudFormation.
 */
import { App } from 'aws-cdk-lib';
import { buildAssets, checkAssets } from '../lib/assets';
import { stageConfigFromContext } from '../lib/config';
import { applyPolicyChecks } from '../lib/nag';
import { addStage } from '../lib/stage';

const app = new App();
const config = stageConfigFromContext(app.node, { deployNonce: new Date().toISOString() });

const build =
  app.node.tryGetContext('build') !== 'false' && app.node.tryGetContext('build') !== false;
if (build) buildAssets();
else checkAssets();

addStage(app, config);
applyPolicyChecks(app);
