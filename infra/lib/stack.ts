/**
 * One stack per stage (`CpeTracker-<stage>`), composed of one construct per
 * concern: Data (Aurora + secrets), Auth (Cognito), Api (the two REST APIs
 * from the route table), Migrations (run at deploy), Web (S3 + CloudFront)
 * and Monitoring (alarms, dashboard). With WAF on, the stage's edge stack in
 * us-east-1 holds CloudFront's web ACL (edge.ts).
 */
import { CfnOutput, Duration, Fn, Lazy, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { APIS, type HandlerGroup } from '@cpe/shared/routes';
import { functionEnvironment, httpFunctions, otherFunctions } from '@cpe/api/functions';
import { Api, ORIGIN_KEY_HEADER, ORIGIN_KEY_VERSION_HEADER } from './api';
import { API_DIST, WEB_DIST } from './assets';
import { Auth } from './auth';
import type { StageConfig } from './config';
import { SmokeCanary } from './canary';
import { Data } from './data';
import { Evidence } from './evidence';
import type { EdgeStack } from './edge';
import { HandlerFunction } from './functions';
import { InboundMail } from './inbound';
import { Migrations } from './migrations';
import { AlarmTopic, type MonitoredWebAcl, Monitoring } from './monitoring';
import { acknowledge } from './nag';
import { Schedules } from './schedules';
import { Web } from './web';

export interface CpeTrackerStackProps extends StackProps {
  config: StageConfig;
  /** Default packages/api/dist (the bundles). */
  apiDist?: string;
  /** Default packages/web/dist (the SPA build). */
  webDist?: string;
  /** The stage's us-east-1 stack (WAF on): its web ACL guards the distribution. */
  edge?: EdgeStack;
}

const PRICE_CLASSES: Record<StageConfig['priceClass'], cloudfront.PriceClass> = {
  All: cloudfront.PriceClass.PRICE_CLASS_ALL,
  '200': cloudfront.PriceClass.PRICE_CLASS_200,
  '100': cloudfront.PriceClass.PRICE_CLASS_100,
};

export class CpeTrackerStack extends Stack {
  readonly data: Data;
  readonly auth: Auth;
  readonly api: Api;
  readonly migrations: Migrations;
  readonly web: Web;
  readonly evidence: Evidence;
  readonly monitoring: Monitoring;
  readonly schedules: Schedules;
  /** SES receipt of forwarded certificates (stage inboundMail). */
  readonly inbound: InboundMail | undefined;

  /**
   * The first two AZs of the region, resolved by CloudFormation (Fn::GetAZs)
   * instead of a synth-time lookup, so synth needs no AWS credentials and no
   * cdk.context.json even when the account is known.
   */
  override get availabilityZones(): string[] {
    return [0, 1].map((i) => Fn.select(i, Fn.getAzs()));
  }

  constructor(scope: Construct, id: string, props: CpeTrackerStackProps) {
    super(scope, id, { ...props, crossRegionReferences: props.edge !== undefined });
    if (props.config.waf !== (props.edge !== undefined)) {
      throw new Error(
        `Stage ${props.config.stage}: WAF ${props.config.waf ? 'on needs' : 'off takes no'} edge stack`,
      );
    }
    const { config } = props;
    const apiDist = props.apiDist ?? API_DIST;
    const inboundDomain =
      config.inboundMail && config.domain ? `in.${config.domain.name}` : undefined;
    const retain = config.retainData;
    // Kept on a replacement or a stack delete, but removed when the stack's
    // first create fails and rolls back (CloudFormation's RetainExceptOnCreate):
    // a failed first deploy leaves nothing behind that a retry would collide with.
    const stateful = retain ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY;
    const logs_ = {
      logRetention: retain ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.ONE_MONTH,
      logRemovalPolicy: stateful,
    };

    this.data = new Data(this, 'Data', {
      stage: config.stage,
      removalPolicy: stateful,
      deletionProtection: retain,
      minCapacity: config.aurora.minCapacity,
      maxCapacity: config.aurora.maxCapacity,
      ...logs_,
    });

    // Cognito waits 5 s for the trigger, then retries; the function goes on
    // past that (full Data API resume budget) so a waking database still gets
    // the row, and the retry or the SPA's ensureUser call finds it.
    const postConfirmationDef = otherFunctions.postConfirmation;
    const postConfirmation = new HandlerFunction(this, 'PostConfirmation', {
      module: postConfirmationDef.module,
      apiDist,
      description: `CPE Tracker ${config.stage}: Cognito PostConfirmation, creates the user row`,
      environment: functionEnvironment(postConfirmationDef, this.data.environment),
      memorySize: postConfirmationDef.memoryMb,
      timeout: Duration.seconds(postConfirmationDef.timeoutSeconds),
      ...logs_,
    });
    this.data.grantDataAccess(postConfirmation.function);

    this.auth = new Auth(this, 'Auth', {
      stage: config.stage,
      postConfirmation: postConfirmation.function,
      removalPolicy: stateful,
      deletionProtection: retain,
      ses: config.ses,
      region: this.region,
      waf: config.waf,
    });

    // Signs unsubscribe links. Not rotated: a rotation would break the links of
    // every reminder already mailed, and all a forged link could do is turn
    // one user's reminder emails off.
    const reminderSecret = new secretsmanager.Secret(this, 'ReminderSigningKey', {
      description: `Signs the unsubscribe links of CPE Tracker ${config.stage} reminder emails`,
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: 'signingKey',
        passwordLength: 64,
        excludePunctuation: true,
        includeSpace: false,
      },
      removalPolicy: stateful,
    });
    acknowledge(reminderSecret, {
      'AwsSolutions-SMG4':
        'Signs unsubscribe links mailed to users, which must keep working (RFC 8058); rotating would break every link already sent, and a leaked key lets one do no more than turn reminder emails off.',
    });

    this.api = new Api(this, 'Api', {
      reminderSecret,
      siteUrl: config.domain ? `https://${config.domain.name}` : undefined,
      inboundMailDomain: inboundDomain,
      stage: config.stage,
      apiDist,
      data: this.data,
      userPool: this.auth.userPool,
      openAiSecret: this.data.openAiSecret,
      openAiModel: config.openAiModel,
      contactToAddress: config.contactToAddress,
      mailFromAddress: config.ses?.fromAddress,
      secretRemovalPolicy: stateful,
      originKeyVersion: config.originKeyVersion,
      ...logs_,
    });

    this.migrations = new Migrations(this, 'Migrations', {
      stage: config.stage,
      apiDist,
      data: this.data,
      deployNonce: config.deployNonce,
      snapshotBeforeMigrating: retain,
      ...logs_,
    });

    // New code goes live only after the schema it expects: every function
    // that queries the database is updated after the migration ran.
    this.migrations.trigger.executeBefore(
      postConfirmation.function,
      ...Object.values(this.api.handlers).map((h) => h.function),
    );

    this.web = new Web(this, 'Web', {
      webDist: props.webDist ?? WEB_DIST,
      apis: this.api.restApis,
      region: this.region,
      apiOriginHeaders: {
        [ORIGIN_KEY_HEADER]: this.api.originKeySecret.secretValue.unsafeUnwrap(),
        // Changes with the key's version, so a rotation's deploy changes the
        // distribution too and CloudFormation re-reads the secret for it.
        [ORIGIN_KEY_VERSION_HEADER]: String(config.originKeyVersion),
      },
      webAclArn: props.edge?.webAcl.arn,
      runtimeConfig: {
        region: this.region,
        userPoolId: this.auth.userPool.userPoolId,
        userPoolClientId: this.auth.client.userPoolClientId,
        apiBase: APIS.api.publicPrefix,
        contactBase: APIS.contact.publicPrefix,
      },
      // The evidence bucket's endpoint, known once the bucket below exists.
      connectOrigins: [Lazy.string({ produce: () => this.evidence.endpoint })],
      priceClass: PRICE_CLASSES[config.priceClass],
      logRemovalPolicy: stateful,
      domainName: config.domain?.name,
      certificateArn: config.domain?.certificateArn,
    });

    this.schedules = new Schedules(this, 'Schedules', {
      stage: config.stage,
      apiDist,
      data: this.data,
      reminderSecret,
      siteUrl: `https://${config.domain?.name ?? this.web.distribution.distributionDomainName}`,
      mailFromAddress: config.ses?.fromAddress,
      contactToAddress: config.contactToAddress,
      queueRemovalPolicy: stateful,
      ...logs_,
    });
    this.migrations.trigger.executeBefore(
      ...Object.values(this.schedules.jobs).map((j) => j.handler.function),
    );
    this.evidence = new Evidence(this, 'Evidence', {
      stage: config.stage,
      removalPolicy: stateful,
      logBucket: this.web.logBucket,
      siteOrigin: `https://${config.domain?.name ?? this.web.distribution.distributionDomainName}`,
    });
    this.inbound =
      inboundDomain && config.domain && config.ses
        ? new InboundMail(this, 'Inbound', {
            stage: config.stage,
            apiDist,
            data: this.data,
            evidence: this.evidence,
            domain: inboundDomain,
            siteUrl: `https://${config.domain.name}`,
            mailFromAddress: config.ses.fromAddress,
            openAiSecret: this.data.openAiSecret,
            openAiModel: config.openAiModel,
            queueRemovalPolicy: stateful,
            ...logs_,
          })
        : undefined;
    if (this.inbound) this.migrations.trigger.executeBefore(this.inbound.handler.function);
    for (const [group, handler] of Object.entries(this.api.handlers)) {
      const def = httpFunctions[group as HandlerGroup];
      if (def.downloadActions) {
        this.evidence.grantDownloads(handler.function, def.downloadActions);
        this.evidence.acknowledgeDownloadsGrant(handler.role);
      }
      if (!def.evidenceActions) continue;
      this.evidence.grantObjects(handler.function, def.evidenceActions);
      if (def.evidenceList) this.evidence.grantListUsers(handler.function);
      this.evidence.acknowledgeGrant(handler.role);
    }

    const canary = config.canary
      ? new SmokeCanary(this, 'SmokeCanary', {
          stage: config.stage,
          // The distribution's own domain: it answers from the first deploy on, DNS or not.
          siteUrl: `https://${this.web.distribution.distributionDomainName}`,
          directUrls: { api: this.api.restApis.api.url, contact: this.api.restApis.contact.url },
          artifactsBucket: this.web.logBucket,
        })
      : undefined;

    const webAcls: MonitoredWebAcl[] = [
      ...(props.edge ? [props.edge.monitoredAcl] : []),
      ...(this.auth.webAcl
        ? [{ name: this.auth.webAcl.name, region: this.region, scope: 'REGIONAL' as const }]
        : []),
    ];
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage: config.stage,
      topic: new AlarmTopic(this, 'Alarms', { stage: config.stage, alarmEmail: config.alarmEmail }),
      functions: [
        ...Object.entries(this.api.handlers).map(([name, h]) => ({ name, function: h.function })),
        { name: 'postConfirmation', function: postConfirmation.function },
        { name: 'migrate', function: this.migrations.handler.function },
        ...Object.entries(this.schedules.jobs).map(([name, j]) => ({
          name,
          function: j.handler.function,
        })),
        ...(this.inbound ? [{ name: 'inbound', function: this.inbound.handler.function }] : []),
      ],
      queues: [
        ...Object.entries(this.schedules.jobs).map(([name, j]) => ({
          name: `${name}DeadLetters`,
          queue: j.deadLetterQueue,
        })),
        ...(this.inbound
          ? [{ name: 'inboundDeadLetters', queue: this.inbound.deadLetterQueue }]
          : []),
      ],
      apis: Object.entries(this.api.restApis).map(([name, api]) => ({
        name,
        api,
        accessLogs: this.api.accessLogs[name as keyof typeof this.api.accessLogs],
      })),
      cluster: this.data.cluster,
      webAcls,
      // Every function that may send email logs its failed sends; they are counted.
      mailLogGroups: [
        ...Object.entries(this.api.handlers)
          .filter(([group]) =>
            (httpFunctions[group as HandlerGroup].needs as readonly string[]).includes('mail'),
          )
          .map(([name, h]) => ({ name, logGroup: h.logGroup })),
        ...Object.entries(this.schedules.jobs).map(([name, j]) => ({
          name,
          logGroup: j.handler.logGroup,
        })),
        ...(this.inbound ? [{ name: 'inbound', logGroup: this.inbound.handler.logGroup }] : []),
      ],
      ses: config.ses !== undefined,
      extraAlarms: canary ? [canary.failedAlarm] : [],
      budget: { monthlyUsd: config.monthlyBudgetUsd, email: config.alarmEmail },
    });

    new CfnOutput(this, 'SiteUrl', {
      value: `https://${config.domain?.name ?? this.web.distribution.distributionDomainName}`,
    });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.web.distribution.distributionDomainName,
    });
    for (const [name, api] of Object.entries(this.api.restApis)) {
      // For the smoke test: a request straight to API Gateway must be refused.
      new CfnOutput(this, `${name === 'api' ? 'Api' : 'Contact'}DirectUrl`, { value: api.url });
    }
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'OpenAiSecretArn', { value: this.data.openAiSecret.secretArn });
    new CfnOutput(this, 'OriginKeySecretArn', { value: this.api.originKeySecret.secretArn });
    new CfnOutput(this, 'DbClusterArn', { value: this.data.cluster.clusterArn });
    new CfnOutput(this, 'EvidenceBucketName', { value: this.evidence.bucket.bucketName });
    new CfnOutput(this, 'MigrateFunctionName', {
      value: this.migrations.handler.function.functionName,
    });
    if (this.inbound) {
      // One rule set per account and region is active: docs/deploy.md activates this one.
      new CfnOutput(this, 'InboundRuleSetName', { value: this.inbound.ruleSet.receiptRuleSetName });
    }
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topic.topicArn });
    new CfnOutput(this, 'DashboardName', { value: this.monitoring.dashboard.dashboardName });
  }
}
