/**
 * The database: Aurora Serverless v2 PostgreSQL reached only through the RDS
 * Data API (HTTPS + IAM + the credentials secret), so no Lambda sits in a VPC.
 * Capacity comes from the stage: minimum 0 lets the cluster pause when idle
 * (the api's Data API client retries DatabaseResumingException while it
 * wakes, 15-30 s), a minimum above 0 keeps it warm at a price (docs/deploy.md).
 * The master password is managed by RDS in Secrets Manager and rotated by RDS
 * (decision 042). Also the OpenAI key's secret, which the operator fills in.
 */
import { CfnResource, Duration, Fn, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as rds from 'aws-cdk-lib/aws-rds';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge, acknowledgeGuard, LOG_GROUP_GUARD_REASONS } from './nag';

export const DATABASE_NAME = 'cpe';

/** The newest Aurora PostgreSQL version aws-cdk-lib offers (0 ACU auto-pause needs 16.3 or later). */
export const AURORA_POSTGRES_VERSION = rds.AuroraPostgresEngineVersion.VER_17_9;

export interface DataProps {
  stage: string;
  /** RETAIN_ON_UPDATE_OR_DELETE (retainData) keeps the cluster, its secret and the OpenAI secret. */
  removalPolicy: RemovalPolicy;
  deletionProtection: boolean;
  logRetention: logs.RetentionDays;
  logRemovalPolicy: RemovalPolicy;
  /** Default 7 days. */
  backupRetention?: Duration;
  /** Aurora capacity units: 0 allows auto-pause. */
  minCapacity: number;
  maxCapacity: number;
}

export class Data extends Construct {
  readonly cluster: rds.DatabaseCluster;
  readonly secret: secretsmanager.ISecret;
  readonly openAiSecret: secretsmanager.Secret;
  readonly vpc: ec2.Vpc;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);

    // Aurora needs subnets; nothing else lives here and nothing leaves it
    // (isolated subnets, no NAT): the Data API reaches the cluster from AWS's side.
    const flowLogs = new logs.LogGroup(this, 'FlowLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledgeGuard(flowLogs, LOG_GROUP_GUARD_REASONS);
    this.vpc = new ec2.Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [
        { name: 'database', subnetType: ec2.SubnetType.PRIVATE_ISOLATED, cidrMask: 24 },
      ],
      flowLogs: {
        rejected: {
          destination: ec2.FlowLogDestination.toCloudWatchLogs(flowLogs),
          trafficType: ec2.FlowLogTrafficType.REJECT,
        },
      },
    });

    // No fixed identifier: CloudFormation names the cluster, so a first
    // deploy that failed (leaving a deletion-protected cluster behind) can be
    // retried without a name collision.
    this.cluster = new rds.DatabaseCluster(this, 'Cluster', {
      cloudwatchLogsExports: ['postgresql'],
      engine: rds.DatabaseClusterEngine.auroraPostgres({
        // Scaling to 0 ACU (auto-pause) needs 16.3 or later.
        version: AURORA_POSTGRES_VERSION,
      }),
      writer: rds.ClusterInstance.serverlessV2('Writer', { autoMinorVersionUpgrade: true }),
      serverlessV2MinCapacity: props.minCapacity,
      serverlessV2MaxCapacity: props.maxCapacity,
      // With a minimum of 0: pause after 10 idle minutes; a resume costs the
      // next request 15-30 s (retried by the api). Ignored above 0.
      ...(props.minCapacity === 0 ? { serverlessV2AutoPauseDuration: Duration.minutes(10) } : {}),
      enableDataApi: true,
      storageEncrypted: true,
      // RDS generates the password, keeps it in Secrets Manager and rotates it
      // (every 7 days); the Data API reads the secret's current version per call.
      credentials: rds.Credentials.fromUsername('cpe_admin'),
      manageMasterUserPassword: true,
      defaultDatabaseName: DATABASE_NAME,
      vpc: this.vpc,
      vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_ISOLATED },
      backup: {
        retention: props.backupRetention ?? Duration.days(7),
        preferredWindow: '15:00-16:00',
      },
      preferredMaintenanceWindow: 'Sun:16:30-Sun:17:30',
      deletionProtection: props.deletionProtection,
      removalPolicy: props.removalPolicy,
      copyTagsToSnapshot: true,
      // Not used by the app (Data API + secret), on for operators who prefer IAM tokens to the password.
      iamAuthentication: true,
    });
    // Aurora exports the PostgreSQL log (errors, slow statements) to a group
    // named after the cluster; the stack makes it (with a retention, going
    // with the stack) after the cluster has its name and before the writer
    // instance, the first thing that could write a log line, exists.
    const postgresLog = new logs.LogGroup(this, 'PostgresLog', {
      logGroupName: Fn.join('', [
        '/aws/rds/cluster/',
        this.cluster.clusterIdentifier,
        '/postgresql',
      ]),
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    acknowledgeGuard(postgresLog, LOG_GROUP_GUARD_REASONS);
    const writer = this.cluster.node.findChild('Writer').node.defaultChild;
    if (!(writer instanceof CfnResource)) throw new Error('The cluster has no writer instance');
    writer.node.addDependency(postgresLog);
    // CDK gives the cluster's helpers (the subnet group) DESTROY unless the
    // cluster is RETAIN; a kept cluster keeps the subnet group it lives in.
    if (props.removalPolicy !== RemovalPolicy.DESTROY) {
      for (const child of this.cluster.node.findAll()) {
        if (child instanceof rds.CfnDBSubnetGroup) child.applyRemovalPolicy(props.removalPolicy);
      }
    }
    if (!this.cluster.secret) throw new Error('The cluster has no credentials secret');
    // The secret RDS manages: created, rotated and deleted with the cluster.
    this.secret = this.cluster.secret;
    acknowledgeGuard(this.cluster, {
      rds_instance_enhanced_monitoring_enabled_check:
        "Serverless v2 capacity, CPU and connections are in CloudWatch's standard RDS metrics (alarmed in monitoring.ts); Enhanced Monitoring's OS metrics need a monitoring role and cost per instance for nothing an alarm reads.",
      ...(props.deletionProtection
        ? {}
        : {
            rds_cluster_deletion_protection_enabled_check:
              'Deletion protection is on where the stage retains data (infra/stages.json); other stages are disposable and must delete cleanly.',
          }),
    });
    if (!props.deletionProtection) {
      acknowledge(this.cluster, {
        'AwsSolutions-RDS10':
          'Deletion protection is on where data is kept (retainData, default for prod); non-prod stages are disposable and must delete cleanly.',
      });
    }

    this.openAiSecret = new secretsmanager.Secret(this, 'OpenAiSecret', {
      description:
        'OpenAI API key for recommendations, as {"apiKey": "sk-..."}. Empty: the built-in catalogue answers.',
      secretObjectValue: { apiKey: SecretValue.unsafePlainText('') },
      removalPolicy: props.removalPolicy,
    });
    acknowledge(this.openAiSecret, {
      'AwsSolutions-SMG4':
        'A third-party OpenAI API key: it is issued and revoked in the OpenAI console, so Secrets Manager cannot rotate it; the operator replaces the value.',
    });
  }

  /** DB_* environment of every function that talks to the database. */
  get environment(): Record<string, string> {
    return {
      DB_CLUSTER_ARN: this.cluster.clusterArn,
      DB_SECRET_ARN: this.secret.secretArn,
      DB_NAME: DATABASE_NAME,
    };
  }

  /** Data API calls on this cluster and reading its credentials secret. */
  grantDataAccess(grantee: iam.IGrantable): void {
    this.cluster.grantDataApiAccess(grantee);
  }
}
