/**
 * Nothing fails silently (issue 27), on every stage's template: each
 * asynchronous invocation has an on-failure destination that an alarm
 * watches, every function has an error alarm and active tracing, failed
 * email sends are counted from the functions' own log lines, SES reputation
 * and the account's budget are watched.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../lib/assets';
import { FAILED_SEND_MESSAGES, THRESHOLDS } from '../lib/monitoring';
import { ASYNC_RETRY_ATTEMPTS } from '../lib/schedules';
import { logicalId, resources, STAGE_NAMES, STAGES, synthesized } from './support/stack';

type Props = Record<string, unknown>;

describe.each(STAGE_NAMES)('stage %s', (stage) => {
  const entry = STAGES.stages[stage]!;
  const { template } = synthesized({ stage });
  const alarms = Object.values(resources(template, 'AWS::CloudWatch::Alarm')).map(
    (a) => a.Properties!,
  );
  const topic = { Ref: logicalId(template, 'AWS::SNS::Topic', 'AlarmsTopic') };
  // Logical ids start with the construct path: Schedules/ReminderDigest/Function, Api/ContactHandler/Logs.
  const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);

  it.each(['reminderDigest', 'contactDigest'] as const)(
    'the scheduled %s: a failed run goes to its queue after Lambda’s retries, and the queue and the function alarm',
    (name) => {
      const job = `Schedules${pascal(name)}`;
      const fnId = logicalId(template, 'AWS::Lambda::Function', `${job}Function`);
      const queueId = logicalId(template, 'AWS::SQS::Queue', `${job}DeadLetters`);
      const configs = Object.values(resources(template, 'AWS::Lambda::EventInvokeConfig')).filter(
        (c) => JSON.stringify(c.Properties!.FunctionName) === JSON.stringify({ Ref: fnId }),
      );
      expect(configs).toHaveLength(1);
      expect(configs[0]!.Properties).toMatchObject({
        MaximumRetryAttempts: ASYNC_RETRY_ATTEMPTS,
        MaximumEventAgeInSeconds: 3600,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
      });
      // The function may write to the queue.
      const policies = JSON.stringify(resources(template, 'AWS::IAM::Policy'));
      expect(policies).toContain(
        `"Action":["sqs:GetQueueAttributes","sqs:GetQueueUrl","sqs:SendMessage"],"Effect":"Allow","Resource":{"Fn::GetAtt":["${queueId}","Arn"]}`,
      );
      const onQueue = alarms.filter(
        (a) =>
          a.MetricName === 'ApproximateNumberOfMessagesVisible' &&
          JSON.stringify(a.Dimensions).includes(queueId),
      );
      const onErrors = alarms.filter(
        (a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes(`"${fnId}"`),
      );
      for (const alarm of [...onQueue, ...onErrors]) {
        expect(alarm).toMatchObject({ Threshold: 1, AlarmActions: [topic] });
      }
      expect([onQueue.length, onErrors.length]).toEqual([1, 1]);
    },
  );

  it('invokes nothing else asynchronously without a destination', () => {
    const configured = Object.keys(resources(template, 'AWS::Lambda::EventInvokeConfig'));
    expect(configured).toHaveLength(2);
    // The other invokers wait for their answer: API Gateway (proxy), Cognito's trigger, the migration trigger.
    for (const trigger of Object.values(resources(template, 'Custom::Trigger'))) {
      expect(trigger.Properties!.InvocationType).toBe('RequestResponse');
    }
  });

  it('traces every function of ours with X-Ray and alarms on each one’s errors', () => {
    const ours = Object.entries(resources(template, 'AWS::Lambda::Function')).filter(
      ([, f]) => (f.Properties!.Handler as string) === 'index.handler' && f.Properties!.Environment,
    );
    expect(ours.length).toBeGreaterThan(10);
    for (const [id, fn] of ours) {
      if (!JSON.stringify(fn.Properties!.Description ?? '').includes('CPE Tracker')) continue;
      expect([id, fn.Properties!.TracingConfig]).toEqual([id, { Mode: 'Active' }]);
      expect(
        alarms.filter(
          (a) =>
            a.MetricName === 'Errors' &&
            JSON.stringify(a.Dimensions) ===
              JSON.stringify([{ Name: 'FunctionName', Value: { Ref: id } }]),
        ),
      ).toHaveLength(1);
    }
  });

  it('counts failed email sends from the log lines the handlers write, and alarms on one', () => {
    const sources = ['reminders.ts', 'contact.ts', 'account.ts', 'inbound.ts'].map((f) =>
      readFileSync(path.join(REPO_ROOT, 'packages/api/src/handlers', f), 'utf8'),
    );
    for (const message of FAILED_SEND_MESSAGES) {
      expect(sources.some((s) => s.includes(`logger.error('${message}'`))).toBe(true);
    }
    const filters = Object.values(resources(template, 'AWS::Logs::MetricFilter'))
      .map((f) => f.Properties!)
      .filter((f) => JSON.stringify(f.MetricTransformations).includes('FailedEmailSends'));
    const groups = filters.map((f) => JSON.stringify(f.LogGroupName));
    for (const prefix of [
      'ApiContactHandlerLogs',
      'ApiAccountHandlerLogs',
      'SchedulesReminderDigestLogs',
      'SchedulesContactDigestLogs',
    ]) {
      expect(groups).toContain(
        JSON.stringify({ Ref: logicalId(template, 'AWS::Logs::LogGroup', prefix) }),
      );
    }
    for (const filter of filters) {
      expect(filter.FilterPattern).toBe(
        `{ ${FAILED_SEND_MESSAGES.map((m) => `($.message = "${m}")`).join(' || ')} }`,
      );
      expect(filter.MetricTransformations).toEqual([
        {
          MetricNamespace: `CpeTracker/${stage}`,
          MetricName: 'FailedEmailSends',
          MetricValue: '1',
          DefaultValue: 0,
        },
      ]);
    }
    expect(alarms.filter((a) => a.MetricName === 'FailedEmailSends')).toEqual([
      expect.objectContaining({
        Namespace: `CpeTracker/${stage}`,
        Threshold: 1,
        Period: 3600,
        Statistic: 'Sum',
      }),
    ]);
  });

  it(`${entry.ses ? 'alarms on' : 'has no'} SES bounce and complaint rates`, () => {
    const ses = alarms.filter((a) => a.Namespace === 'AWS/SES');
    if (!entry.ses) {
      expect(ses).toEqual([]);
      return;
    }
    expect(ses.map((a: Props) => [a.MetricName, a.Threshold]).sort()).toEqual([
      ['Reputation.BounceRate', THRESHOLDS.sesBounceRate],
      ['Reputation.ComplaintRate', THRESHOLDS.sesComplaintRate],
    ]);
  });

  it('has a monthly budget that emails the alarm address', () => {
    const budgets = Object.values(resources(template, 'AWS::Budgets::Budget')).map(
      (b) => b.Properties!,
    );
    expect(budgets).toEqual([
      expect.objectContaining({
        Budget: expect.objectContaining({
          BudgetType: 'COST',
          TimeUnit: 'MONTHLY',
          BudgetLimit: { Amount: entry.monthlyBudgetUsd, Unit: 'USD' },
        }) as unknown,
        NotificationsWithSubscribers: [
          expect.objectContaining({
            Notification: expect.objectContaining({
              NotificationType: 'ACTUAL',
              Threshold: 80,
            }) as unknown,
            Subscribers: [{ SubscriptionType: 'EMAIL', Address: entry.alarmEmail }],
          }),
          expect.objectContaining({
            Notification: expect.objectContaining({
              NotificationType: 'FORECASTED',
              Threshold: 100,
            }) as unknown,
          }),
        ],
      }),
    ]);
  });
});
