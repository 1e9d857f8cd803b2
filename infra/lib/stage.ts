/**
 * The stacks of one stage: `CpeTracker-<stage>` in the stage's region and,
 * with WAF on, `CpeTracker-<stage>-edge` in us-east-1 (CloudFront's web ACL).
 * Used by bin/app.ts and by the tests, so both build exactly the same thing.
 */
import { type App, Tags } from 'aws-cdk-lib';
import type { StageConfig } from './config';
import { EdgeStack } from './edge';
import { CpeTrackerStack } from './stack';

export interface StageStacks {
  stack: CpeTrackerStack;
  edge: EdgeStack | undefined;
}

export function addStage(
  app: App,
  config: StageConfig,
  assets: { apiDist?: string; webDist?: string } = {},
): StageStacks {
  const edge = config.waf
    ? new EdgeStack(app, `CpeTracker-${config.stage}-edge`, {
        config,
        description: `CPE Tracker (${config.stage}): CloudFront web ACL and its alarm (us-east-1)`,
      })
    : undefined;
  const stack = new CpeTrackerStack(app, `CpeTracker-${config.stage}`, {
    config,
    edge,
    ...assets,
    env: { account: config.account, region: config.region },
    description: `CPE Tracker (${config.stage}): SPA, API, Cognito, Aurora Serverless v2`,
    // No termination protection: the CLI turns it on before a new stack's
    // first create runs, and a stack whose first create failed must be
    // deleted before the retry (decision 100). Data survives a stack delete
    // anyway: retained resources and deletion protection (retainData).
  });
  for (const s of [stack, edge]) {
    if (!s) continue;
    Tags.of(s).add('app', 'cpe-tracker');
    Tags.of(s).add('stage', config.stage);
  }
  return { stack, edge };
}
