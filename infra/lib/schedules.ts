/**
 * The scheduled jobs of the function table (packages/api/src/functions.ts):
 * the daily reminder digest and the hourly contact digest, each a Lambda
 * invoked by EventBridge Scheduler on the schedule its definition names,
 * with a retry policy and an encrypted dead-letter queue (SSL only) that the
 * monitoring alarms on, and each with only the grants its `needs` name. The
 * local runtime reads the same definitions (packages/local/src/schedules).
 */
import { Duration, type RemovalPolicy, Stack, TimeZone } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  type FunctionDef,
  type FunctionVariable,
  describeSchedule,
  functionEnvironment,
  otherFunctions,
} from '@cpe/api/functions';
import { grantSendEmail } from './api';
import type { Data } from './data';
import { HandlerFunction } from './functions';
import { acknowledge, acknowledgeGuard } from './nag';

/** The functions of the table that run on a schedule. */
export type ScheduledJobName = 'reminderDigest' | 'contactDigest';

/** Scheduler retries a failed invocation this often, within this age, then dead-letters it. */
export const SCHEDULE_RETRY = { attempts: 2, maxEventAge: Duration.hours(1) } as const;

/** Lambda retries a failed asynchronous invocation this often, then sends it to the on-failure destination. */
export const ASYNC_RETRY_ATTEMPTS = 2;

export interface SchedulesProps {
  stage: string;
  apiDist: string;
  data: Data;
  /** Signs the reminder emails' unsubscribe links. */
  reminderSecret: secretsmanager.ISecret;
  /** Links in emails point here. */
  siteUrl: string;
  /** The verified sender (absent: no mail grant, the jobs' sends fail and say so). */
  mailFromAddress?: string;
  contactToAddress?: string;
  logRetention: logs.RetentionDays;
  logRemovalPolicy: RemovalPolicy;
  queueRemovalPolicy: RemovalPolicy;
}

export interface ScheduledJob {
  handler: HandlerFunction;
  schedule: scheduler.Schedule;
  deadLetterQueue: sqs.Queue;
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

export class Schedules extends Construct {
  readonly jobs: Record<ScheduledJobName, ScheduledJob>;

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    const job = (
      name: ScheduledJobName,
      values: Partial<Record<FunctionVariable, string>>,
    ): ScheduledJob => {
      const def: FunctionDef = otherFunctions[name];
      const when = otherFunctions[name].schedule;
      const handler = new HandlerFunction(this, `${pascal(name)}`, {
        module: def.module,
        apiDist: props.apiDist,
        description: `CPE Tracker ${props.stage}: ${def.description}`,
        memorySize: def.memoryMb,
        timeout: Duration.seconds(def.timeoutSeconds),
        environment: functionEnvironment(def, { ...props.data.environment, ...values }),
        logRetention: props.logRetention,
        logRemovalPolicy: props.logRemovalPolicy,
      });
      if (def.needs.includes('database')) props.data.grantDataAccess(handler.function);
      if (def.needs.includes('mail') && props.mailFromAddress) {
        grantSendEmail(handler.function, this, [
          props.mailFromAddress,
          ...(props.contactToAddress ? [props.contactToAddress] : []),
        ]);
      }
      const deadLetterQueue = new sqs.Queue(this, `${pascal(name)}DeadLetters`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
        removalPolicy: props.queueRemovalPolicy,
        // Only the scheduler writes here; no queue may use it for its redrives.
        redriveAllowPolicy: { redrivePermission: sqs.RedrivePermission.DENY_ALL },
      });
      acknowledgeGuard(deadLetterQueue, {
        sqs_dlq_check:
          "This queue is the schedule's dead-letter queue (its RedriveAllowPolicy says so); a dead-letter queue has none of its own.",
      });
      acknowledge(deadLetterQueue, {
        'AwsSolutions-SQS3':
          "This queue is the schedule's dead-letter queue: it has none of its own, and an alarm fires on its first message.",
      });
      const stack = Stack.of(this);
      // Its own role per schedule, assumable by the scheduler of this account only.
      const role = new iam.Role(this, `${pascal(name)}ScheduleRole`, {
        assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
          conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
        }),
        description: `EventBridge Scheduler: invokes the ${def.module} Lambda, dead-letters to its queue`,
      });
      const functionId = stack.resolve(
        stack.getLogicalId(handler.function.node.defaultChild as lambda.CfnFunction),
      ) as string;
      acknowledge(role, {
        [`AwsSolutions-IAM5[Resource::<${functionId}.Arn>:*]`]:
          "lambda:InvokeFunction on the function's versions and aliases (`<arn>:*`), as grantInvoke writes it; the one function only.",
      });
      const schedule = new scheduler.Schedule(this, `${pascal(name)}Schedule`, {
        description: `CPE Tracker ${props.stage}: ${def.module}, ${describeSchedule(when)}`,
        schedule: scheduler.ScheduleExpression.cron({
          minute: String(when.minute),
          ...('hour' in when ? { hour: String(when.hour) } : {}),
          timeZone: TimeZone.ETC_UTC,
        }),
        target: new targets.LambdaInvoke(handler.function, {
          role,
          input: scheduler.ScheduleTargetInput.fromObject({}),
          deadLetterQueue,
          retryAttempts: SCHEDULE_RETRY.attempts,
          maxEventAge: SCHEDULE_RETRY.maxEventAge,
        }),
      });
      // The scheduler invokes asynchronously: its dead-letter queue gets only
      // events it could not deliver. A function that fails is retried by
      // Lambda and then sent here too (the on-failure destination), where
      // the queue's alarm sees it, instead of being dropped.
      handler.function.configureAsyncInvoke({
        onFailure: new destinations.SqsDestination(deadLetterQueue),
        retryAttempts: ASYNC_RETRY_ATTEMPTS,
        maxEventAge: SCHEDULE_RETRY.maxEventAge,
      });
      return { handler, schedule, deadLetterQueue };
    };

    this.jobs = {
      reminderDigest: job('reminderDigest', {
        REMINDER_SECRET_ARN: props.reminderSecret.secretArn,
        SITE_URL: props.siteUrl,
        ...(props.mailFromAddress ? { MAIL_FROM_ADDRESS: props.mailFromAddress } : {}),
      }),
      contactDigest: job('contactDigest', {
        ...(props.contactToAddress ? { CONTACT_TO_ADDRESS: props.contactToAddress } : {}),
        ...(props.mailFromAddress ? { MAIL_FROM_ADDRESS: props.mailFromAddress } : {}),
      }),
    };
    props.reminderSecret.grantRead(this.jobs.reminderDigest.handler.function);
  }
}
