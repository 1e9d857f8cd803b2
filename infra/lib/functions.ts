/**
 * One Lambda function of the api package: the pre-built bundle directory
 * (packages/api/dist/<module>, handler `index.handler`), Node 20 on arm64, its
 * own log group with a retention, and its own role that may write only there.
 *
 * X-Ray active tracing: Lambda records each invocation's segment (init,
 * duration, errors, throttles) and the trace id API Gateway passes on, so a
 * slow or failed request shows where its time went. The handlers carry no
 * tracing SDK of their own, so calls to AWS services are not subsegments.
 * Handlers log JSON lines (Powertools Logger) with the API Gateway request id
 * and Lambda's, and the API stages keep access logs.
 */
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LAMBDA_HANDLER } from '@cpe/api/functions';
import { bundleDir } from './assets';
import { acknowledge, acknowledgeGuard, LOG_GROUP_GUARD_REASONS } from './nag';

/**
 * The Lambda runtime, in one place. Bundles target node20 syntax (the
 * project's development Node), which nodejs24.x (the latest, as cdk-nag L1 asks) runs as is; nodejs20.x itself
 * is deprecated since 2026-04-30 and refuses new functions from 2027-02-01.
 */
export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_24_X;

export interface HandlerFunctionProps {
  /** The handler module, e.g. 'certifications' (a directory under apiDist). */
  module: string;
  /** Where the bundles are: packages/api/dist. */
  apiDist: string;
  description: string;
  environment: Record<string, string>;
  /** Default 29 s: API Gateway gives up at 29 s, so a longer run helps nobody. */
  timeout?: Duration;
  /** Default 512 MB: on Lambda CPU grows with memory, and cold starts (SDK init) are CPU-bound. */
  memorySize?: number;
  logRetention: logs.RetentionDays;
  logRemovalPolicy: RemovalPolicy;
}

export class HandlerFunction extends Construct {
  readonly function: lambda.Function;
  readonly logGroup: logs.LogGroup;
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    // An own role instead of the default one: the default attaches the managed
    // AWSLambdaBasicExecutionRole (logs on every log group of the account).
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.module} Lambda: its log group plus the grants of the stack`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new lambda.Function(this, 'Function', {
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      code: lambda.Code.fromAsset(bundleDir(props.apiDist, props.module)),
      handler: LAMBDA_HANDLER,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(29),
      role: this.role,
      logGroup: this.logGroup,
      tracing: lambda.Tracing.ACTIVE,
      environment: props.environment,
    });
    acknowledgeGuard(this.logGroup, LOG_GROUP_GUARD_REASONS);
    acknowledge(this.role, {
      'AwsSolutions-IAM5[Resource::*]':
        'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords, which X-Ray does not scope to a resource (the policy Lambda adds for tracing).',
    });
    acknowledgeGuard(this.function, {
      lambda_inside_vpc_check:
        'Reaches Aurora through the RDS Data API (HTTPS and IAM) and every other service by its public endpoint: in a VPC it would need a NAT gateway or interface endpoints per service for nothing gained.',
    });
  }
}
