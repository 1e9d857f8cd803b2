/**
 * Forwarding by email in AWS (infra/lib/inbound.ts): a receipt rule for
 * `in.<domain>` that scans, stores the message under inbound/ of the
 * evidence bucket (SES may write only there, for this account) and then
 * invokes the inbound function asynchronously; the function with its
 * on-failure queue, alarms and only the grants it needs; inbound/ expiring.
 */
import { INBOUND_PREFIX } from '@cpe/api/functions';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { INBOUND_RETENTION } from '../lib/inbound';
import {
  INBOUND_MAIL_CONTEXT,
  logicalId,
  PROD_CONTEXT,
  resources,
  synthesized,
} from './support/stack';

type Props = Record<string, unknown>;

function policyStatementsOf(template: Template, roleId: string): Props[] {
  return Object.values(resources(template, 'AWS::IAM::Policy'))
    .filter((p) => JSON.stringify(p.Properties!.Roles).includes(`"${roleId}"`))
    .flatMap((p) => (p.Properties!.PolicyDocument as { Statement: Props[] }).Statement);
}

const actionsOf = (statements: Props[]) =>
  [...new Set(statements.flatMap((s) => [s.Action].flat() as string[]))].sort();

describe('forwarding by email on a stage with inboundMail', () => {
  // Synthesized with cdk-nag and the guard rules registered: it throws what synth threw on any
  // unacknowledged finding.
  const { template, config } = synthesized(INBOUND_MAIL_CONTEXT);
  const domain = `in.${config.domain!.name}`;
  const functionId = logicalId(template, 'AWS::Lambda::Function', 'InboundFunction');
  const queueId = logicalId(template, 'AWS::SQS::Queue', 'InboundDeadLetters');
  const bucketId = logicalId(template, 'AWS::S3::Bucket', 'EvidenceBucket');
  const roleId = (
    resources(template, 'AWS::Lambda::Function')[functionId]!.Properties!.Role as {
      'Fn::GetAtt': string[];
    }
  )['Fn::GetAtt'][0]!;

  it('has a receipt rule for in.<domain>: scanned, TLS, stored under inbound/, then the function as an event', () => {
    template.resourceCountIs('AWS::SES::ReceiptRuleSet', 1);
    template.hasResourceProperties('AWS::SES::ReceiptRule', {
      Rule: {
        Enabled: true,
        Recipients: [domain],
        ScanEnabled: true,
        TlsPolicy: 'Require',
        Actions: [
          { S3Action: { BucketName: { Ref: bucketId }, ObjectKeyPrefix: INBOUND_PREFIX } },
          {
            LambdaAction: {
              FunctionArn: { 'Fn::GetAtt': [functionId, 'Arn'] },
              InvocationType: 'Event',
            },
          },
        ],
      },
    });
  });

  it('lets SES put objects under inbound/ only, for this account only, and invoke the function for this account only', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:PutObject',
            Principal: { Service: 'ses.amazonaws.com' },
            Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
            Resource: {
              'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, `/${INBOUND_PREFIX}*`]],
            },
          }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [functionId, 'Arn'] },
      Principal: 'ses.amazonaws.com',
      SourceAccount: { Ref: 'AWS::AccountId' },
    });
  });

  it('expires a message nobody read after a day', () => {
    const bucket = resources(template, 'AWS::S3::Bucket')[bucketId]!.Properties! as {
      LifecycleConfiguration: { Rules: Props[] };
    };
    expect(bucket.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Id: 'expire-inbound-mail',
          Prefix: INBOUND_PREFIX,
          ExpirationInDays: INBOUND_RETENTION.toDays(),
          Status: 'Enabled',
        }),
      ]),
    );
  });

  it('sends a failed invocation to an encrypted queue after retries, and alarms on it and on errors', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: functionId },
      MaximumRetryAttempts: 2,
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } },
      },
    });
    expect(resources(template, 'AWS::SQS::Queue')[queueId]!.Properties!.SqsManagedSseEnabled).toBe(
      true,
    );
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
      Threshold: 1,
      AlarmActions: [Match.anyValue()],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: functionId } }],
    });
  });

  it('holds only its grants: inbound/ read and delete, users/ put and delete, the Data API, SES, the AI key', () => {
    const statements = policyStatementsOf(template, roleId);
    expect(actionsOf(statements).filter((a) => !/^(logs|xray|kms):/.test(a))).toEqual([
      'rds-data:BatchExecuteStatement',
      'rds-data:BeginTransaction',
      'rds-data:CommitTransaction',
      'rds-data:ExecuteStatement',
      'rds-data:RollbackTransaction',
      's3:DeleteObject',
      's3:GetObject',
      's3:PutObject',
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
      'ses:SendEmail',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:SendMessage',
    ]);
    const s3 = statements.filter((s) => JSON.stringify(s.Action).includes('s3:'));
    const byResource = Object.fromEntries(
      s3.map((s) => [JSON.stringify(s.Resource), [s.Action].flat().sort()]),
    );
    expect(Object.entries(byResource)).toEqual(
      expect.arrayContaining([
        [expect.stringContaining(`/${INBOUND_PREFIX}*`), ['s3:DeleteObject', 's3:GetObject']],
        [expect.stringContaining('/users/*'), ['s3:DeleteObject', 's3:PutObject']],
      ]),
    );
    expect(s3).toHaveLength(2);
  });

  it('tells the function and the account page where mail is received', () => {
    const fn = resources(template, 'AWS::Lambda::Function')[functionId]!.Properties!;
    expect(JSON.stringify(fn.Environment)).toContain(`"INBOUND_MAIL_DOMAIN":"${domain}"`);
    const account = logicalId(template, 'AWS::Lambda::Function', 'ApiAccountHandlerFunction');
    const accountFn = resources(template, 'AWS::Lambda::Function')[account]!.Properties!;
    expect(JSON.stringify(accountFn.Environment)).toContain(`"INBOUND_MAIL_DOMAIN":"${domain}"`);
  });
});

describe('a stage without inboundMail', () => {
  const { template } = synthesized(PROD_CONTEXT);
  it('receives no mail and shows no forwarding address', () => {
    template.resourceCountIs('AWS::SES::ReceiptRuleSet', 0);
    template.resourceCountIs('AWS::SES::ReceiptRule', 0);
    expect(JSON.stringify(resources(template, 'AWS::Lambda::Function'))).not.toContain(
      'INBOUND_MAIL_DOMAIN',
    );
  });
});
