/**
 * The smoke test as a CloudWatch Synthetics canary (stages with `canary`,
 * prod): scripts/smoke-canary.ts bundled with esbuild at synth, run every 15
 * minutes against the distribution's own domain, its artifacts in the
 * stage's log bucket, and an alarm when a run fails.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Duration, Stack, Token } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as synthetics from 'aws-cdk-lib/aws-synthetics';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { REPO_ROOT } from './assets';
import { acknowledge } from './nag';

/** How often the canary runs. */
export const CANARY_RATE = Duration.minutes(15);

let bundled: string | undefined;

/** scripts/smoke-canary.ts and everything it imports, in one CommonJS file (once per process). */
export function bundleCanary(): string {
  if (bundled) return bundled;
  const dir = mkdtempSync(path.join(tmpdir(), 'cpe-canary-'));
  mkdirSync(path.join(dir, 'nodejs', 'node_modules'), { recursive: true });
  buildSync({
    entryPoints: [path.join(REPO_ROOT, 'scripts/smoke-canary.ts')],
    outfile: path.join(dir, 'nodejs', 'node_modules', 'smoke.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: false,
    logLevel: 'error',
  });
  bundled = dir;
  return dir;
}

export interface SmokeCanaryProps {
  stage: string;
  siteUrl: string;
  directUrls: { api: string; contact: string };
  artifactsBucket: s3.IBucket;
}

export class SmokeCanary extends Construct {
  readonly canary: synthetics.Canary;
  readonly failedAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: SmokeCanaryProps) {
    super(scope, id);
    this.canary = new synthetics.Canary(this, 'Canary', {
      canaryName: `cpe-${props.stage}-smoke`.slice(0, 21),
      runtime: synthetics.Runtime.SYNTHETICS_NODEJS_PUPPETEER_13_0,
      test: synthetics.Test.custom({
        code: synthetics.Code.fromAsset(bundleCanary()),
        handler: 'smoke.handler',
      }),
      schedule: synthetics.Schedule.rate(CANARY_RATE),
      environmentVariables: {
        SITE_URL: props.siteUrl,
        API_DIRECT_URL: props.directUrls.api,
        CONTACT_DIRECT_URL: props.directUrls.contact,
      },
      timeout: Duration.minutes(2),
      memory: undefined,
      artifactsBucketLocation: { bucket: props.artifactsBucket, prefix: 'canary' },
      successRetentionPeriod: Duration.days(7),
      failureRetentionPeriod: Duration.days(31),
      provisionedResourceCleanup: true,
    });
    this.failedAlarm = new cloudwatch.Alarm(this, 'Failed', {
      alarmName: `cpe-tracker-${props.stage}-smokeCanaryFailed`,
      alarmDescription:
        'The smoke test canary failed a run: the site, its API or CloudFront answers wrongly (see the canary runs in CloudWatch Synthetics)',
      metric: this.canary.metricFailed({ period: CANARY_RATE, statistic: cloudwatch.Stats.SUM }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.BREACHING,
    });
    const stack = Stack.of(this);
    const partition = Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition;
    const bucketId = stack.getLogicalId(props.artifactsBucket.node.defaultChild as s3.CfnBucket);
    acknowledge(this.canary.role, {
      [`AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/canary/*]`]:
        "The canary writes its run artifacts (logs, reports) under the canary/ prefix of the stage's log bucket, and nowhere else.",
      'AwsSolutions-IAM5[Resource::*]':
        "The policy Synthetics canaries need (aws-cdk-lib's): s3:ListAllMyBuckets, cloudwatch:PutMetricData (conditioned on the CloudWatchSynthetics namespace) and xray:PutTraceSegments take no narrower resource.",
      [`AwsSolutions-IAM5[Resource::arn:${partition}:logs:${stack.region}:${stack.account}:log-group:/aws/lambda/cwsyn-*]`]:
        "The canary's Lambda log groups, which Synthetics names cwsyn-<canary>-<id> when it creates the function.",
    });
  }
}
