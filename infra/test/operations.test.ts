/**
 * Production operations, asserted on every stage of infra/stages.json: the
 * alarms and their topic, the WAF web ACLs and where they are attached,
 * Cognito's SES sender, the refusal of requests that skip CloudFront, and the
 * Aurora capacity each stage asks for.
 */
import { httpFunctions } from '@cpe/api/functions';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as rds from 'aws-cdk-lib/aws-rds';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { routes } from '@cpe/shared/routes';
import { ORIGIN_KEY_HEADER, ORIGIN_KEY_VERSION_HEADER } from '../lib/api';
import { EDGE_REGION } from '../lib/config';
import { AlarmTopic, Monitoring, THRESHOLDS } from '../lib/monitoring';
import { CONTACT_PATH_PREFIX, RATE_LIMITS } from '../lib/waf';
import {
  logicalId,
  resources,
  rotatedContext,
  STAGE_NAMES,
  STAGES,
  synthesized,
} from './support/stack';

type Props = Record<string, unknown>;

function only(template: Template, type: string): Props {
  const found = Object.values(resources(template, type));
  expect(found).toHaveLength(1);
  return found[0]!.Properties!;
}

describe.each(STAGE_NAMES)('stage %s', (stage) => {
  const entry = STAGES.stages[stage]!;
  const { template, edgeTemplate } = synthesized({ stage });
  const topicId = logicalId(template, 'AWS::SNS::Topic', 'AlarmsTopic');
  const alarms = Object.values(resources(template, 'AWS::CloudWatch::Alarm')).map(
    (a) => a.Properties!,
  );
  const alarmOn = (metric: string, dims: Props = {}) =>
    alarms.filter(
      (a) =>
        a.MetricName === metric &&
        Object.entries(dims).every(([k, v]) =>
          (a.Dimensions as { Name: string; Value: unknown }[]).some(
            (d) => d.Name === k && JSON.stringify(d.Value) === JSON.stringify(v),
          ),
        ),
    );

  describe('alarms', () => {
    it("notify one topic that the stage's alarm email subscribes to, on alarm and on recovery", () => {
      template.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: entry.alarmEmail,
        TopicArn: { Ref: topicId },
      });
      expect(alarms.length).toBeGreaterThan(0);
      for (const alarm of alarms) {
        expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
        expect(alarm.OKActions).toEqual([{ Ref: topicId }]);
        // The canary's alarm also fires when the canary stops running.
        expect(alarm.TreatMissingData).toBe(
          alarm.Namespace === 'CloudWatchSynthetics' ? 'breaching' : 'notBreaching',
        );
      }
    });

    it('watch errors and throttles of every Lambda function of ours', () => {
      const ours = Object.entries(resources(template, 'AWS::Lambda::Function'))
        .filter(([, f]) => (f.Properties!.Handler as string) === 'index.handler')
        .filter(([, f]) => JSON.stringify(f.Properties!.Code).includes('AssetParameters') === false)
        .map(([id]) => id)
        .filter((id) => /HandlerFunction|PostConfirmationFunction/.test(id));
      // One per handler group, the PostConfirmation trigger and the migration runner.
      expect(ours).toHaveLength(Object.keys(httpFunctions).length + 2);
      for (const id of ours) {
        expect(alarmOn('Errors', { FunctionName: { Ref: id } })).toHaveLength(1);
        expect(alarmOn('Throttles', { FunctionName: { Ref: id } })).toHaveLength(1);
      }
    });

    it('watch 5xx, p99 latency and database-unavailable answers of both APIs', () => {
      for (const api of ['cpe-tracker-' + stage + '-api', 'cpe-tracker-' + stage + '-contact']) {
        expect(alarmOn('5XXError', { ApiName: api })).toHaveLength(1);
        const latency = alarmOn('Latency', { ApiName: api });
        expect(latency).toHaveLength(1);
        expect(latency[0]).toMatchObject({ ExtendedStatistic: 'p99', EvaluationPeriods: 3 });
      }
      const filters = Object.values(resources(template, 'AWS::Logs::MetricFilter')).filter((f) =>
        JSON.stringify(f.Properties!.MetricTransformations).includes('DatabaseUnavailable'),
      );
      expect(filters).toHaveLength(2);
      for (const f of filters) {
        expect(f.Properties).toMatchObject({
          FilterPattern: '{ $.status = "503" }',
          MetricTransformations: [
            expect.objectContaining({
              MetricName: 'DatabaseUnavailable',
              MetricNamespace: `CpeTracker/${stage}`,
            }),
          ],
        });
      }
      expect(alarmOn('DatabaseUnavailable')).toHaveLength(2);
    });

    it('watch Aurora capacity against the stage maximum', () => {
      const acu = alarmOn('ACUUtilization', {
        DBClusterIdentifier: { Ref: logicalId(template, 'AWS::RDS::DBCluster', 'DataCluster') },
      });
      expect(acu).toHaveLength(1);
      expect(acu[0]).toMatchObject({ Threshold: 90, Statistic: 'Maximum', EvaluationPeriods: 3 });
    });

    it('have one dashboard for the stage', () => {
      expect(only(template, 'AWS::CloudWatch::Dashboard').DashboardName).toBe(
        `cpe-tracker-${stage}`,
      );
    });
  });

  describe('capacity', () => {
    it(`runs Aurora between ${entry.aurora.minCapacity} and ${entry.aurora.maxCapacity} ACU`, () => {
      const cluster = only(template, 'AWS::RDS::DBCluster');
      expect(cluster.ServerlessV2ScalingConfiguration).toEqual({
        MinCapacity: entry.aurora.minCapacity,
        MaxCapacity: entry.aurora.maxCapacity,
        // Auto-pause only where the minimum lets the cluster pause.
        ...(entry.aurora.minCapacity === 0 ? { SecondsUntilAutoPause: 600 } : {}),
      });
    });
  });

  describe('Cognito email', () => {
    const pool = only(template, 'AWS::Cognito::UserPool');
    if (entry.ses) {
      const ses = entry.ses;
      it(`sends through SES as ${ses.fromAddress}`, () => {
        expect(pool.EmailConfiguration).toEqual({
          EmailSendingAccount: 'DEVELOPER',
          From: `CPE Tracker <${ses.fromAddress}>`,
          SourceArn: `arn:aws:ses:${entry.region}:${entry.account}:identity/${ses.verifiedDomain}`,
        });
      });
    } else {
      it("uses Cognito's own sender (no SES identity for this stage)", () => {
        expect(pool.EmailConfiguration).toEqual({ EmailSendingAccount: 'COGNITO_DEFAULT' });
      });
    }
  });

  describe('requests that skip CloudFront', () => {
    const keySecret = logicalId(template, 'AWS::SecretsManager::Secret', 'ApiOriginKey');
    const keyValue = {
      'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: keySecret }, ':SecretString:::}}']],
    };

    it('are refused: every method of both APIs requires the API key', () => {
      const methods = Object.values(resources(template, 'AWS::ApiGateway::Method'));
      expect(methods).toHaveLength(routes.length);
      for (const m of methods) expect(m.Properties!.ApiKeyRequired).toBe(true);
    });

    it('the key is a generated secret, resolved at deploy into the key and the distribution only', () => {
      template.hasResourceProperties('AWS::SecretsManager::Secret', {
        Description: Match.stringLikeRegexp('x-api-key'),
        GenerateSecretString: Match.objectLike({ PasswordLength: 40, ExcludePunctuation: true }),
      });
      expect(only(template, 'AWS::ApiGateway::ApiKey')).toMatchObject({
        Enabled: true,
        Value: keyValue,
      });
      const plan = only(template, 'AWS::ApiGateway::UsagePlan');
      expect(plan.ApiStages).toHaveLength(2);
      const origins = (
        only(template, 'AWS::CloudFront::Distribution').DistributionConfig as {
          Origins: { Id: string; OriginCustomHeaders?: unknown; S3OriginConfig?: unknown }[];
        }
      ).Origins;
      const apiOrigins = origins.filter((o) => o.S3OriginConfig === undefined);
      expect(apiOrigins).toHaveLength(2);
      for (const origin of apiOrigins) {
        expect(origin.OriginCustomHeaders).toEqual([
          { HeaderName: ORIGIN_KEY_HEADER, HeaderValue: keyValue },
          { HeaderName: ORIGIN_KEY_VERSION_HEADER, HeaderValue: String(entry.originKeyVersion) },
        ]);
      }
      expect(JSON.stringify(template.toJSON())).not.toMatch(/"Value":"[A-Za-z0-9]{40}"/);
    });

    it('a rotation (originKeyVersion raised) changes the API key and the distribution in one deploy', () => {
      const next = entry.originKeyVersion + 1;
      const rotated = synthesized(rotatedContext(stage)).template;
      const key = (t: Template) => only(t, 'AWS::ApiGateway::ApiKey');
      const apiOrigins = (t: Template) =>
        (
          only(t, 'AWS::CloudFront::Distribution').DistributionConfig as {
            Origins: { OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
          }
        ).Origins.filter((o) => o.OriginCustomHeaders);
      // Both resources change (so CloudFormation resolves the secret again for each)...
      expect(key(rotated).Description).not.toEqual(key(template).Description);
      expect(key(rotated).Description).toContain(`origin key version ${next}`);
      expect(apiOrigins(rotated)).not.toEqual(apiOrigins(template));
      for (const origin of apiOrigins(rotated)) {
        expect(origin.OriginCustomHeaders).toContainEqual({
          HeaderName: ORIGIN_KEY_VERSION_HEADER,
          HeaderValue: String(next),
        });
      }
      // ...and both still read the same secret, which is all that changes value.
      expect(key(rotated).Value).toEqual(keyValue);
      const secret = (t: Template) => resources(t, 'AWS::SecretsManager::Secret')[keySecret];
      expect(secret(rotated)).toEqual(secret(template));
    });
  });

  describe('WAF', () => {
    const distribution = only(template, 'AWS::CloudFront::Distribution')
      .DistributionConfig as Props;
    if (!entry.waf) {
      it('is off: no web ACL, no edge stack', () => {
        expect(edgeTemplate).toBeUndefined();
        template.resourceCountIs('AWS::WAFv2::WebACL', 0);
        expect(distribution.WebACLId).toBeUndefined();
      });
      return;
    }

    it('guards the distribution with a CLOUDFRONT web ACL from the us-east-1 edge stack', () => {
      expect(edgeTemplate).toBeDefined();
      const acl = only(edgeTemplate!, 'AWS::WAFv2::WebACL');
      expect(acl).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
      // Read across regions from the edge stack's output (cdk.json: weak cross-stack references).
      expect(distribution.WebACLId).toEqual({
        'Fn::GetStackOutput': {
          StackName: `CpeTracker-${stage}-edge`,
          Region: EDGE_REGION,
          OutputName: expect.stringMatching(/CloudFrontWafAcl.*Arn/) as unknown,
        },
      });
      const outputs = Object.entries(
        edgeTemplate!.toJSON().Outputs as Record<string, { Value: unknown }>,
      );
      expect(outputs).toContainEqual([
        (distribution.WebACLId as { 'Fn::GetStackOutput': { OutputName: string } })[
          'Fn::GetStackOutput'
        ].OutputName,
        {
          Value: {
            'Fn::GetAtt': [
              logicalId(edgeTemplate!, 'AWS::WAFv2::WebACL', 'CloudFrontWafAcl'),
              'Arn',
            ],
          },
        },
      ]);
    });

    it('applies the managed rule groups and the rate limits, the contact form tightest', () => {
      const rules = only(edgeTemplate!, 'AWS::WAFv2::WebACL').Rules as Props[];
      const managed = rules
        .map((r) => (r.Statement as Props).ManagedRuleGroupStatement as Props | undefined)
        .filter(Boolean)
        .map((m) => `${m!.VendorName as string}/${m!.Name as string}`);
      expect(managed).toEqual([
        'AWS/AWSManagedRulesCommonRuleSet',
        'AWS/AWSManagedRulesKnownBadInputsRuleSet',
      ]);
      const rate = (name: string) =>
        (rules.find((r) => r.Name === name)!.Statement as Props).RateBasedStatement as Props;
      expect(rate('site-per-ip')).toMatchObject({
        Limit: RATE_LIMITS.sitePerIp,
        AggregateKeyType: 'IP',
      });
      expect(rate('contact-per-ip')).toMatchObject({
        Limit: RATE_LIMITS.contactPerIp,
        AggregateKeyType: 'IP',
        ScopeDownStatement: {
          ByteMatchStatement: expect.objectContaining({
            FieldToMatch: { UriPath: {} },
            PositionalConstraint: 'STARTS_WITH',
            SearchString: CONTACT_PATH_PREFIX,
          }) as unknown,
        },
      });
      expect(CONTACT_PATH_PREFIX).toBe('/beta/');
      expect(RATE_LIMITS.contactPerIp).toBeLessThan(RATE_LIMITS.sitePerIp);
      for (const r of rules) expect(r.Action ?? r.OverrideAction).toBeDefined();
    });

    it('rate-limits sign-up and sign-in on the user pool with a REGIONAL web ACL', () => {
      const acl = only(template, 'AWS::WAFv2::WebACL');
      expect(acl.Scope).toBe('REGIONAL');
      const aclId = logicalId(template, 'AWS::WAFv2::WebACL', 'AuthWafAcl');
      expect(only(template, 'AWS::WAFv2::WebACLAssociation')).toEqual({
        ResourceArn: {
          'Fn::GetAtt': [logicalId(template, 'AWS::Cognito::UserPool', 'AuthUserPool'), 'Arn'],
        },
        WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
      });
      const targets = JSON.stringify(acl.Rules);
      for (const op of ['SignUp', 'ResendConfirmationCode', 'ForgotPassword', 'InitiateAuth']) {
        expect(targets).toContain(`"AWSCognitoIdentityProviderService.${op}"`);
      }
      expect(targets).toContain('"Name":"x-amz-target"');
    });

    it("alarms on CloudFront's 5xx error rate in us-east-1, where CloudFront publishes it", () => {
      const alarms = Object.values(resources(edgeTemplate!, 'AWS::CloudWatch::Alarm')).map(
        (a) => a.Properties!,
      );
      const edgeTopic = logicalId(edgeTemplate!, 'AWS::SNS::Topic', 'AlarmsTopic');
      expect(
        alarms.filter((a) => JSON.stringify(a.Metrics ?? []).includes('AWS/CloudFront')),
      ).toEqual([
        expect.objectContaining({
          AlarmName: `cpe-tracker-${stage}-cloudFront5xx`,
          Metrics: [
            expect.objectContaining({
              Expression:
                'SELECT AVG("5xxErrorRate") FROM SCHEMA("AWS/CloudFront", DistributionId, Region)',
              Period: 300,
              ReturnData: true,
            }),
          ],
          Threshold: THRESHOLDS.cloudFront5xxPercent,
          EvaluationPeriods: 3,
          AlarmActions: [{ Ref: edgeTopic }],
        }),
      ]);
    });

    it('alarms on blocked requests where each ACL publishes them, to a topic with the alarm email', () => {
      const edgeAlarms = Object.values(resources(edgeTemplate!, 'AWS::CloudWatch::Alarm')).map(
        (a) => a.Properties!,
      );
      expect(edgeAlarms.filter((a) => a.Namespace === 'AWS/WAFV2')).toEqual([
        expect.objectContaining({ MetricName: 'BlockedRequests' }),
      ]);
      edgeTemplate!.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: entry.alarmEmail,
      });
      expect(alarmOn('BlockedRequests', { WebACL: `cpe-tracker-${stage}-cognito` })).toHaveLength(
        1,
      );
    });
  });
});

describe('the monitoring hooks', () => {
  it("let a later job add its dead-letter queue and own alarms to the stage's topic", () => {
    // The stage's construct on a stack of its own: a whole stage takes seconds to build.
    const stack = new Stack(new App(), 'Hooks', {
      env: { account: '111111111111', region: 'eu-west-1' },
    });
    const monitoring = new Monitoring(stack, 'Monitoring', {
      stage: 'dev',
      topic: new AlarmTopic(stack, 'Alarms', { stage: 'dev', alarmEmail: 'ops@example.com' }),
      functions: [],
      apis: [],
      cluster: rds.DatabaseCluster.fromDatabaseClusterAttributes(stack, 'Cluster', {
        clusterIdentifier: 'cpe-tracker-dev',
      }),
    });
    const dlq = new sqs.Queue(stack, 'ReminderDlq', { enforceSSL: true });
    monitoring.watchQueue('reminders', dlq);
    monitoring.addAlarm(
      new cloudwatch.Alarm(stack, 'ReminderLag', {
        metric: new cloudwatch.Metric({ namespace: 'CpeTracker/dev', metricName: 'ReminderLag' }),
        threshold: 1,
        evaluationPeriods: 1,
      }),
    );
    const template = Template.fromStack(stack);
    const topic = { Ref: logicalId(template, 'AWS::SNS::Topic', 'AlarmsTopic') };
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'cpe-tracker-dev-remindersQueueNotEmpty',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: Match.anyValue() }],
      Threshold: 1,
      AlarmActions: [topic],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ReminderLag',
      AlarmActions: [topic],
    });
  });
});
