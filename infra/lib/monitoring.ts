/**
 * Alarms and the stage's dashboard. Every alarm notifies one SNS topic per
 * stack that the stage's alarm email subscribes to (CloudWatch alarms can only
 * notify a topic in their own region, so the us-east-1 edge stack has its own).
 *
 * Plain CloudWatch constructs rather than a monitoring library: the set is
 * small and fixed, each threshold is a product decision written next to its
 * alarm, and nothing else has to pass cdk-nag and the guard rules.
 *
 * Extra alarms or queues (a dead-letter queue of a scheduled job) join with
 * `addAlarm` / `watchQueue`, or through the `extraAlarms` / `queues` props.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as rds from 'aws-cdk-lib/aws-rds';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from './nag';

const FIVE_MINUTES = Duration.minutes(5);

/** Alarm thresholds, in one place. */
export const THRESHOLDS = {
  /** Any failed invocation is a bug or an outage: handlers answer 4xx themselves. */
  lambdaErrors: 1,
  lambdaThrottles: 1,
  /** 5xx answers per API in 5 minutes (a single 503 while Aurora resumes is not worth a page). */
  api5xx: 5,
  /** p99 latency per API, for 3 periods of 5 minutes: the 25 s resume budget shows here first. */
  apiP99LatencyMs: 10_000,
  /** Aurora capacity, % of the stage's maximum, for 3 periods: time to raise maxCapacity. */
  auroraAcuUtilizationPercent: 90,
  /** Requests answered 503 (the database did not resume within the api's budget) in 5 minutes. */
  databaseUnavailable: 1,
  /** Requests blocked by one web ACL in 5 minutes: an attack, or a rule hurting real users. */
  wafBlocked: 500,
  /** Messages waiting in a watched (dead-letter) queue. */
  queueMessages: 1,
  /** Emails the functions failed to send in an hour (logged, retried by a later run, never silent). */
  failedEmailSends: 1,
  /** SES account reputation: AWS reviews an account at a 5 % bounce rate and 0.1 % complaint rate; alarm before. */
  sesBounceRate: 0.04,
  sesComplaintRate: 0.0008,
  /** Share of the month's budget actually spent, and forecast, that emails the alarm address (percent). */
  budgetActualPercent: 80,
  /** CloudFront's 5xx error rate (percent of requests), for 3 periods of 5 minutes. */
  cloudFront5xxPercent: 5,
  budgetForecastPercent: 100,
} as const;

/** The log lines (Powertools Logger `message`) of a failed email send, as the api's handlers write them. */
export const FAILED_SEND_MESSAGES = [
  'reminder digest failed; sent by a later run',
  'contact notification failed',
  'security mail failed',
  'inbound confirmation failed',
] as const;

export interface AlarmTopicProps {
  stage: string;
  alarmEmail: string;
}

/** The SNS topic alarms notify, with the stage's alarm email subscribed. */
export class AlarmTopic extends Construct {
  readonly topic: sns.Topic;
  readonly action: actions.SnsAction;

  constructor(scope: Construct, id: string, props: AlarmTopicProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: `CPE Tracker ${props.stage} alarms`,
      enforceSSL: true,
    });
    this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    this.action = new actions.SnsAction(this.topic);
    acknowledge(this.topic, {
      'AwsSolutions-SNS2':
        'Alarm notifications carry alarm names and metric values, no user data; CloudWatch cannot publish to a topic encrypted with the AWS managed aws/sns key, and a customer managed key would cost a dollar a month per stage and region for nothing to protect.',
    });
  }

  /** Notifies the topic when the alarm fires and when it recovers. */
  wire(alarm: cloudwatch.Alarm): cloudwatch.Alarm {
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    return alarm;
  }
}

export interface MonitoredFunction {
  /** Short name for alarm ids and the dashboard, e.g. 'certifications'. */
  name: string;
  function: lambda.IFunction;
}

export interface MonitoredApi {
  name: string;
  api: apigw.RestApi;
  /** The stage's access log group: 503s are counted from it. */
  accessLogs: logs.ILogGroup;
}

export interface MonitoredWebAcl {
  /** The web ACL's name (the WebACL metric dimension). */
  name: string;
  /** Where its metrics are: us-east-1 for CLOUDFRONT scope. */
  region: string;
  scope: 'CLOUDFRONT' | 'REGIONAL';
}

export interface MonitoringProps {
  stage: string;
  topic: AlarmTopic;
  functions: MonitoredFunction[];
  apis: MonitoredApi[];
  cluster: rds.IDatabaseCluster;
  /** Web ACLs of this stage; those in this stack's region get an alarm, every one a dashboard graph. */
  webAcls?: MonitoredWebAcl[];
  /** Alarms made elsewhere that should notify the stage's topic. */
  extraAlarms?: cloudwatch.Alarm[];
  /** Queues that must stay empty (dead-letter queues). */
  queues?: { name: string; queue: sqs.IQueue }[];
  /** Log groups of the functions that send email: their failed sends are counted. */
  mailLogGroups?: { name: string; logGroup: logs.ILogGroup }[];
  /** The stage sends through SES: alarm on the account's bounce and complaint rates. */
  ses?: boolean;
  /** A monthly cost budget for the account, notifying this address. */
  budget?: { monthlyUsd: number; email: string };
}

/** The metric AWS WAF publishes for a web ACL's blocked requests. */
export function wafBlockedMetric(acl: MonitoredWebAcl): cloudwatch.Metric {
  return new cloudwatch.Metric({
    namespace: 'AWS/WAFV2',
    metricName: 'BlockedRequests',
    dimensionsMap: {
      WebACL: acl.name,
      Rule: 'ALL',
      // CloudFront web ACLs publish without a Region dimension.
      ...(acl.scope === 'REGIONAL' ? { Region: acl.region } : {}),
    },
    region: acl.region,
    statistic: cloudwatch.Stats.SUM,
    period: FIVE_MINUTES,
  });
}

/** An alarm on a web ACL's blocked requests (create it in the ACL's metric region). */
export function wafBlockedAlarm(
  scope: Construct,
  id: string,
  acl: MonitoredWebAcl,
  topic: AlarmTopic,
): cloudwatch.Alarm {
  return topic.wire(
    new cloudwatch.Alarm(scope, id, {
      alarmDescription: `Web ACL ${acl.name} blocked ${THRESHOLDS.wafBlocked}+ requests in 5 minutes: an attack, or a rule blocking real users (see the sampled requests)`,
      metric: wafBlockedMetric(acl),
      threshold: THRESHOLDS.wafBlocked,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }),
  );
}

/**
 * CloudFront publishes its metrics in us-east-1 only, and an alarm reads
 * metrics of its own region: this one lives in the stage's us-east-1 stack,
 * which deploys before the distribution exists, so it reads every
 * distribution of the account with a Metrics Insights query (one stage per
 * account, as infra/stages.json has it) instead of naming one.
 */
export function cloudFront5xxAlarm(
  scope: Construct,
  id: string,
  stage: string,
  topic: AlarmTopic,
): cloudwatch.Alarm {
  return topic.wire(
    new cloudwatch.Alarm(scope, id, {
      alarmName: `cpe-tracker-${stage}-cloudFront5xx`,
      alarmDescription: `CloudFront answered more than ${THRESHOLDS.cloudFront5xxPercent} % of requests with 5xx for 15 minutes: the site or its API is failing for visitors`,
      metric: new cloudwatch.MathExpression({
        expression:
          'SELECT AVG("5xxErrorRate") FROM SCHEMA("AWS/CloudFront", DistributionId, Region)',
        usingMetrics: {},
        period: FIVE_MINUTES,
        label: 'CloudFront 5xx error rate (%)',
      }),
      threshold: THRESHOLDS.cloudFront5xxPercent,
      evaluationPeriods: 3,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }),
  );
}

export class Monitoring extends Construct {
  readonly topic: AlarmTopic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = props.topic;
    this.stage = props.stage;
    const region = Stack.of(this).region;

    for (const { name, function: fn } of props.functions) {
      this.alarm(`${name}Errors`, {
        alarmDescription: `The ${name} Lambda failed (an uncaught error or a timeout): see its log group`,
        metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }),
        threshold: THRESHOLDS.lambdaErrors,
      });
      this.alarm(`${name}Throttles`, {
        alarmDescription: `The ${name} Lambda was throttled: the account's concurrency is exhausted`,
        metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }),
        threshold: THRESHOLDS.lambdaThrottles,
      });
    }

    for (const { name, api, accessLogs } of props.apis) {
      this.alarm(`${name}Api5xx`, {
        alarmDescription: `The ${name} API answered ${THRESHOLDS.api5xx}+ server errors in 5 minutes`,
        metric: api.deploymentStage.metricServerError({
          period: FIVE_MINUTES,
          statistic: cloudwatch.Stats.SUM,
        }),
        threshold: THRESHOLDS.api5xx,
      });
      this.alarm(`${name}ApiLatencyP99`, {
        alarmDescription: `p99 latency of the ${name} API over ${THRESHOLDS.apiP99LatencyMs} ms for 15 minutes`,
        metric: api.deploymentStage.metricLatency({
          period: FIVE_MINUTES,
          statistic: cloudwatch.Stats.p(99),
        }),
        threshold: THRESHOLDS.apiP99LatencyMs,
        evaluationPeriods: 3,
      });
      // The api answers 503 only when Aurora did not resume within its retry
      // budget (DatabaseResumingException past DB_RESUME_BUDGET_MS).
      const filter = new logs.MetricFilter(this, `${pascal(name)}Unavailable`, {
        logGroup: accessLogs,
        filterPattern: logs.FilterPattern.stringValue('$.status', '=', '503'),
        metricNamespace: `CpeTracker/${props.stage}`,
        metricName: 'DatabaseUnavailable',
        metricValue: '1',
        defaultValue: 0,
      });
      this.alarm(`${name}DatabaseUnavailable`, {
        alarmDescription: `The ${name} API answered 503: Aurora did not resume within the api's retry budget`,
        metric: filter.metric({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }),
        threshold: THRESHOLDS.databaseUnavailable,
      });
    }

    const acuUtilization = props.cluster.metric('ACUUtilization', {
      period: FIVE_MINUTES,
      statistic: cloudwatch.Stats.MAXIMUM,
    });
    this.alarm('AuroraCapacityNearMax', {
      alarmDescription: `Aurora ran above ${THRESHOLDS.auroraAcuUtilizationPercent}% of its maximum capacity for 15 minutes: raise the stage's aurora.maxCapacity`,
      metric: acuUtilization,
      threshold: THRESHOLDS.auroraAcuUtilizationPercent,
      evaluationPeriods: 3,
    });

    for (const acl of props.webAcls ?? []) {
      if (acl.region !== region) continue;
      this.alarms.push(
        wafBlockedAlarm(this, `Waf${pascal(acl.scope.toLowerCase())}Blocked`, acl, this.topic),
      );
    }
    if (props.mailLogGroups?.length) {
      const metricName = 'FailedEmailSends';
      const namespace = `CpeTracker/${props.stage}`;
      for (const { name, logGroup } of props.mailLogGroups) {
        new logs.MetricFilter(this, `${pascal(name)}FailedSends`, {
          logGroup,
          filterPattern: logs.FilterPattern.any(
            ...FAILED_SEND_MESSAGES.map((m) => logs.FilterPattern.stringValue('$.message', '=', m)),
          ),
          metricNamespace: namespace,
          metricName,
          metricValue: '1',
          defaultValue: 0,
        });
      }
      this.alarm('FailedEmailSends', {
        alarmDescription:
          'A function failed to send an email (a reminder digest, a contact notification or a security notice); digests are retried by a later run. See the function logs and the SES account',
        metric: new cloudwatch.Metric({
          namespace,
          metricName,
          statistic: cloudwatch.Stats.SUM,
          period: Duration.hours(1),
        }),
        threshold: THRESHOLDS.failedEmailSends,
      });
    }
    if (props.ses) {
      const reputation = (metricName: string) =>
        new cloudwatch.Metric({
          namespace: 'AWS/SES',
          metricName,
          statistic: cloudwatch.Stats.MAXIMUM,
          period: Duration.hours(1),
        });
      this.alarm('SesBounceRate', {
        alarmDescription: `The SES account's bounce rate is over ${THRESHOLDS.sesBounceRate * 100} %: AWS reviews the account at 5 % and may pause sending`,
        metric: reputation('Reputation.BounceRate'),
        threshold: THRESHOLDS.sesBounceRate,
      });
      this.alarm('SesComplaintRate', {
        alarmDescription: `The SES account's complaint rate is over ${THRESHOLDS.sesComplaintRate * 100} %: AWS reviews the account at 0.1 % and may pause sending`,
        metric: reputation('Reputation.ComplaintRate'),
        threshold: THRESHOLDS.sesComplaintRate,
      });
    }
    if (props.budget) {
      const subscribers = [{ subscriptionType: 'EMAIL', address: props.budget.email }];
      new budgets.CfnBudget(this, 'Budget', {
        budget: {
          budgetName: `cpe-tracker-${props.stage}`,
          budgetType: 'COST',
          timeUnit: 'MONTHLY',
          budgetLimit: { amount: props.budget.monthlyUsd, unit: 'USD' },
        },
        notificationsWithSubscribers: [
          {
            notification: {
              notificationType: 'ACTUAL',
              comparisonOperator: 'GREATER_THAN',
              threshold: THRESHOLDS.budgetActualPercent,
              thresholdType: 'PERCENTAGE',
            },
            subscribers,
          },
          {
            notification: {
              notificationType: 'FORECASTED',
              comparisonOperator: 'GREATER_THAN',
              threshold: THRESHOLDS.budgetForecastPercent,
              thresholdType: 'PERCENTAGE',
            },
            subscribers,
          },
        ],
      });
    }
    for (const alarm of props.extraAlarms ?? []) this.addAlarm(alarm);
    for (const { name, queue } of props.queues ?? []) this.watchQueue(name, queue);

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `cpe-tracker-${props.stage}`,
      defaultInterval: Duration.hours(24),
      widgets: [
        [
          graph(
            'Lambda errors',
            props.functions.map((f) =>
              f.function.metricErrors({ label: f.name, period: FIVE_MINUTES }),
            ),
          ),
          graph(
            'Lambda duration p99 (ms)',
            props.functions.map((f) =>
              f.function.metricDuration({
                label: f.name,
                statistic: cloudwatch.Stats.p(99),
                period: FIVE_MINUTES,
              }),
            ),
          ),
          graph(
            'Lambda throttles',
            props.functions.map((f) =>
              f.function.metricThrottles({ label: f.name, period: FIVE_MINUTES }),
            ),
          ),
        ],
        [
          graph(
            'API requests',
            props.apis.map((a) =>
              a.api.deploymentStage.metricCount({ label: a.name, period: FIVE_MINUTES }),
            ),
          ),
          graph(
            'API 4xx / 5xx',
            props.apis.flatMap((a) => [
              a.api.deploymentStage.metricClientError({
                label: `${a.name} 4xx`,
                period: FIVE_MINUTES,
              }),
              a.api.deploymentStage.metricServerError({
                label: `${a.name} 5xx`,
                period: FIVE_MINUTES,
              }),
            ]),
          ),
          graph(
            'API latency p99 (ms)',
            props.apis.map((a) =>
              a.api.deploymentStage.metricLatency({
                label: a.name,
                statistic: cloudwatch.Stats.p(99),
                period: FIVE_MINUTES,
              }),
            ),
          ),
        ],
        [
          graph('Aurora capacity (ACU)', [
            props.cluster.metric('ServerlessDatabaseCapacity', {
              label: 'capacity',
              statistic: cloudwatch.Stats.MAXIMUM,
              period: FIVE_MINUTES,
            }),
          ]),
          graph('Aurora capacity (% of max)', [acuUtilization.with({ label: 'ACUUtilization' })]),
          graph(
            'WAF blocked requests',
            (props.webAcls ?? []).map((acl) => wafBlockedMetric(acl).with({ label: acl.name })),
          ),
        ],
        [
          new cloudwatch.AlarmStatusWidget({
            title: 'Alarms',
            alarms: this.alarms,
            width: 24,
            height: 6,
          }),
        ],
      ],
    });
  }

  /** Adds an alarm made elsewhere: it notifies the stage's topic. */
  addAlarm(alarm: cloudwatch.Alarm): cloudwatch.Alarm {
    this.alarms.push(this.topic.wire(alarm));
    return alarm;
  }

  /** Alarms as soon as a message waits in `queue` (a dead-letter queue must stay empty). */
  watchQueue(name: string, queue: sqs.IQueue): cloudwatch.Alarm {
    return this.alarm(`${name}QueueNotEmpty`, {
      alarmDescription: `Messages are waiting in ${name}: a job failed every retry; inspect and redrive them`,
      metric: queue.metricApproximateNumberOfMessagesVisible({
        period: FIVE_MINUTES,
        statistic: cloudwatch.Stats.MAXIMUM,
      }),
      threshold: THRESHOLDS.queueMessages,
    });
  }

  private alarm(
    id: string,
    props: Pick<cloudwatch.AlarmProps, 'alarmDescription' | 'metric' | 'threshold'> & {
      evaluationPeriods?: number;
    },
  ): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, pascal(id), {
      alarmName: `cpe-tracker-${this.stage}-${id}`,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      ...props,
    });
    this.alarms.push(this.topic.wire(alarm));
    return alarm;
  }
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function graph(title: string, metrics: cloudwatch.IMetric[]): cloudwatch.GraphWidget {
  return new cloudwatch.GraphWidget({ title, left: metrics, width: 8, height: 6 });
}
