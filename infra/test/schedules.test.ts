/**
 * The scheduled jobs (issue 12): each an EventBridge Scheduler schedule
 * targeting its Lambda with a retry policy and an encrypted, SSL-only
 * dead-letter queue that an alarm watches; the Lambda's errors alarm too;
 * and each job's role holds only the grants its needs name.
 */
import { otherFunctions } from '@cpe/api/functions';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { SCHEDULE_RETRY } from '../lib/schedules';
import { logicalId, PROD_CONTEXT, resources, synthesized } from './support/stack';

type Props = Record<string, unknown>;

function policyStatementsOf(template: Template, roleId: string): Props[] {
  return Object.values(resources(template, 'AWS::IAM::Policy'))
    .filter((p) => JSON.stringify(p.Properties!.Roles).includes(`"${roleId}"`))
    .flatMap((p) => (p.Properties!.PolicyDocument as { Statement: Props[] }).Statement);
}

const actionsOf = (statements: Props[]) =>
  [...new Set(statements.flatMap((s) => [s.Action].flat() as string[]))].sort();

describe.each([
  ['reminderDigest', 'cron(0 8 * * ? *)'],
  ['contactDigest', 'cron(0 * * * ? *)'],
] as const)('the %s job', (name, expression) => {
  const { template } = synthesized(PROD_CONTEXT);
  const pascal = name.charAt(0).toUpperCase() + name.slice(1);
  const functionId = logicalId(template, 'AWS::Lambda::Function', `Schedules${pascal}Function`);
  const queueId = logicalId(template, 'AWS::SQS::Queue', `Schedules${pascal}DeadLetters`);

  it(`is scheduled ${expression} UTC, targeting its Lambda with retries and a dead-letter queue`, () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: expression,
      ScheduleExpressionTimezone: 'Etc/UTC',
      State: 'ENABLED',
      Target: {
        Arn: { 'Fn::GetAtt': [functionId, 'Arn'] },
        Input: '{}',
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } },
        RetryPolicy: {
          MaximumRetryAttempts: SCHEDULE_RETRY.attempts,
          MaximumEventAgeInSeconds: SCHEDULE_RETRY.maxEventAge.toSeconds(),
        },
      },
    });
  });

  it('has an encrypted dead-letter queue that refuses plain HTTP, and an alarm on it', () => {
    const queue = resources(template, 'AWS::SQS::Queue')[queueId]!.Properties!;
    expect(queue.SqsManagedSseEnabled).toBe(true);
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
      Threshold: 1,
      AlarmActions: [Match.anyValue()],
    });
  });

  it("alarms on the function's errors", () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: functionId } }],
    });
  });

  it('lets the scheduler invoke only this function and dead-letter only to its queue', () => {
    const schedule = Object.values(resources(template, 'AWS::Scheduler::Schedule')).find((s) =>
      JSON.stringify(s.Properties!.Target).includes(functionId),
    )!;
    const roleId = (schedule.Properties!.Target as { RoleArn: { 'Fn::GetAtt': string[] } }).RoleArn[
      'Fn::GetAtt'
    ][0]!;
    const statements = policyStatementsOf(template, roleId);
    expect(actionsOf(statements)).toEqual(['lambda:InvokeFunction', 'sqs:SendMessage']);
    for (const s of statements) {
      expect(JSON.stringify(s.Resource)).toMatch(new RegExp(`${functionId}|${queueId}`));
    }
  });

  it('holds only the grants its needs name', () => {
    const roleId = (
      resources(template, 'AWS::Lambda::Function')[functionId]!.Properties!.Role as {
        'Fn::GetAtt': string[];
      }
    )['Fn::GetAtt'][0]!;
    const actions = actionsOf(policyStatementsOf(template, roleId));
    const needs: readonly string[] = otherFunctions[name].needs;
    expect(actions).toEqual(
      expect.arrayContaining([
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'rds-data:ExecuteStatement',
      ]),
    );
    expect(actions.includes('ses:SendEmail')).toBe(needs.includes('mail'));
    expect(actions.includes('secretsmanager:GetSecretValue')).toBe(true); // the database secret
    const secretReads = policyStatementsOf(template, roleId).filter((s) =>
      [s.Action].flat().includes('secretsmanager:GetSecretValue'),
    );
    const readsSigningKey = JSON.stringify(secretReads).includes('ReminderSigningKey');
    expect(readsSigningKey).toBe(needs.includes('secrets'));
    // Nothing beyond logs, the Data API, its secret, the signing key, SES,
    // X-Ray (active tracing) and its own queue (the on-failure destination).
    expect(actions.filter((a) => !/^(logs|rds-data|secretsmanager|ses|kms|xray):/.test(a))).toEqual(
      ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
    );
    const sqsResources = policyStatementsOf(template, roleId)
      .filter((s) => [s.Action].flat().includes('sqs:SendMessage'))
      .map((s) => s.Resource);
    expect(sqsResources).toEqual([{ 'Fn::GetAtt': [queueId, 'Arn'] }]);
  });
});

describe('the reminders API group', () => {
  const { template } = synthesized(PROD_CONTEXT);
  it('reads the signing key and is told where it lives', () => {
    const functionId = logicalId(template, 'AWS::Lambda::Function', 'ApiRemindersHandlerFunction');
    const fn = resources(template, 'AWS::Lambda::Function')[functionId]!.Properties!;
    expect(JSON.stringify(fn.Environment)).toContain('ReminderSigningKey');
    const roleId = (fn.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
    expect(JSON.stringify(policyStatementsOf(template, roleId))).toContain('ReminderSigningKey');
    expect(actionsOf(policyStatementsOf(template, roleId))).not.toContain('ses:SendEmail');
  });
});
