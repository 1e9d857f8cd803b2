/**
 * Forwarding by email (docs/capture.md): SES receives mail for
 * `in.<site domain>` and a receipt rule, for every recipient there, first
 * stores the raw message in the evidence bucket under `inbound/` (SES may
 * write only there, and only for this account), then invokes the inbound
 * function asynchronously. The function reads and deletes `inbound/*` and
 * writes proof files under `users/*`; a failed invocation is retried by
 * Lambda and then sent to an encrypted dead-letter queue (its on-failure
 * destination) that the monitoring alarms on, as the function's errors are.
 * A message nobody read expires from the bucket after a day.
 *
 * SES receives email only in some regions, and one receipt rule set per
 * account and region is active: docs/deploy.md says how to point the MX
 * record at SES and activate the set.
 */
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as actions from 'aws-cdk-lib/aws-ses-actions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  INBOUND_MAIL_EXPIRATION,
  INBOUND_PREFIX,
  functionEnvironment,
  otherFunctions,
} from '@cpe/api/functions';
import { grantSendEmail } from './api';
import type { Data } from './data';
import type { Evidence } from './evidence';
import { HandlerFunction } from './functions';
import { acknowledge, acknowledgeGuard } from './nag';
import { ASYNC_RETRY_ATTEMPTS } from './schedules';

/** How long Lambda keeps retrying a message's invocation before dead-lettering it. */
export const INBOUND_MAX_EVENT_AGE = Duration.hours(1);
/** A raw message the function never deleted (it failed every time) is gone after this. */
export const INBOUND_RETENTION = Duration.days(INBOUND_MAIL_EXPIRATION.days);

export interface InboundMailProps {
  stage: string;
  apiDist: string;
  data: Data;
  evidence: Evidence;
  /** The domain mail is received for: `in.<site domain>`. */
  domain: string;
  /** Links in the confirmation point here. */
  siteUrl: string;
  /** The verified sender of the confirmation. */
  mailFromAddress: string;
  openAiSecret: secretsmanager.ISecret;
  openAiModel?: string | undefined;
  logRetention: logs.RetentionDays;
  logRemovalPolicy: RemovalPolicy;
  queueRemovalPolicy: RemovalPolicy;
}

export class InboundMail extends Construct {
  readonly handler: HandlerFunction;
  readonly deadLetterQueue: sqs.Queue;
  readonly ruleSet: ses.ReceiptRuleSet;
  readonly rule: ses.ReceiptRule;

  constructor(scope: Construct, id: string, props: InboundMailProps) {
    super(scope, id);
    const def = otherFunctions.inbound;
    this.handler = new HandlerFunction(this, 'Function', {
      module: def.module,
      apiDist: props.apiDist,
      description: `CPE Tracker ${props.stage}: ${def.description}`,
      memorySize: def.memoryMb,
      timeout: Duration.seconds(def.timeoutSeconds),
      environment: functionEnvironment(def, {
        ...props.data.environment,
        OPENAI_SECRET_ARN: props.openAiSecret.secretArn,
        ...(props.openAiModel ? { OPENAI_MODEL: props.openAiModel } : {}),
        MAIL_FROM_ADDRESS: props.mailFromAddress,
        SITE_URL: props.siteUrl,
        INBOUND_MAIL_DOMAIN: props.domain,
      }),
      logRetention: props.logRetention,
      logRemovalPolicy: props.logRemovalPolicy,
    });
    const fn = this.handler.function;
    props.data.grantDataAccess(fn);
    props.openAiSecret.grantRead(fn);
    grantSendEmail(fn, this, [props.mailFromAddress]);
    props.evidence.grantObjects(fn, def.evidenceActions);
    props.evidence.acknowledgeGrant(this.handler.role);
    props.evidence.grantInboundMessages(fn);
    acknowledge(this.handler.role, {
      [props.evidence.inboundObjectsFinding()]:
        'Each received message is stored under inbound/<SES message id>: the function reads and deletes the one it was invoked for, which it can only name by that id.',
    });

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: props.queueRemovalPolicy,
      redriveAllowPolicy: { redrivePermission: sqs.RedrivePermission.DENY_ALL },
    });
    acknowledgeGuard(this.deadLetterQueue, {
      sqs_dlq_check:
        "This queue is the inbound function's on-failure destination (its RedriveAllowPolicy says so); a dead-letter queue has none of its own.",
    });
    acknowledge(this.deadLetterQueue, {
      'AwsSolutions-SQS3':
        "This queue is the inbound function's on-failure destination: it has none of its own, and an alarm fires on its first message.",
    });
    // SES invokes asynchronously: a failure is retried by Lambda, then lands here, where an alarm sees it.
    fn.configureAsyncInvoke({
      onFailure: new destinations.SqsDestination(this.deadLetterQueue),
      retryAttempts: ASYNC_RETRY_ATTEMPTS,
      maxEventAge: INBOUND_MAX_EVENT_AGE,
    });

    props.evidence.bucket.addLifecycleRule({
      id: INBOUND_MAIL_EXPIRATION.id,
      prefix: INBOUND_MAIL_EXPIRATION.prefix,
      expiration: INBOUND_RETENTION,
    });

    this.ruleSet = new ses.ReceiptRuleSet(this, 'RuleSet', {
      receiptRuleSetName: `cpe-tracker-${props.stage}-inbound`,
    });
    this.rule = this.ruleSet.addRule('Forwarded', {
      // A domain names every address at it: unknown ones are refused by the function, silently.
      recipients: [props.domain],
      scanEnabled: true,
      tlsPolicy: ses.TlsPolicy.REQUIRE,
      actions: [
        // Adds the bucket policy: SES may put objects under inbound/ for this account only.
        new actions.S3({ bucket: props.evidence.bucket, objectKeyPrefix: INBOUND_PREFIX }),
        new actions.Lambda({ function: fn, invocationType: actions.LambdaInvocationType.EVENT }),
      ],
    });
  }
}
