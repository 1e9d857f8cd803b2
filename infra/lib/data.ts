/**
 * The database: Aurora Serverless v2 PostgreSQL reached only through the RDS
 * Data API (HTTPS + IAM + the credentials secret), so no Lambda sits in a VPC.
 * Minimum capacity 0 lets the cluster pause when idle; the api's Data API
 * client retries DatabaseResumingException while it wakes up. Also the
 * OpenAI key's secret, which the operator fills in after the first deploy.
 */
import { Duration, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as rds from 'aws-cdk-lib/aws-rds';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from './nag';

export const DATABASE_NAME = 'cpe';

export interface DataProps {
  stage: string;
  /** RETAIN (prod) keeps the cluster (a final snapshot), its secret and the OpenAI secret. */
  removalPolicy: RemovalPolicy;
  deletionProtection: boolean;
  /** Default 7 days. */
  backupRetention?: Duration;
  /** Aurora capacity units; default 0 (auto-pause) to 2. */
  minCapacity?: number;
  maxCapacity?: number;
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
    this.vpc = new ec2.Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [
        { name: 'database', subnetType: ec2.SubnetType.PRIVATE_ISOLATED, cidrMask: 24 },
      ],
      flowLogs: {
        rejected: {
          destination: ec2.FlowLogDestination.toCloudWatchLogs(
            new logs.LogGroup(this, 'FlowLogs', {
              retention: logs.RetentionDays.ONE_MONTH,
              removalPolicy: RemovalPolicy.DESTROY,
            }),
          ),
          trafficType: ec2.FlowLogTrafficType.REJECT,
        },
      },
    });

    this.cluster = new rds.DatabaseCluster(this, 'Cluster', {
      engine: rds.DatabaseClusterEngine.auroraPostgres({
        // Scaling to 0 ACU (auto-pause) needs 16.3 or later.
        version: rds.AuroraPostgresEngineVersion.VER_16_6,
      }),
      writer: rds.ClusterInstance.serverlessV2('Writer', { autoMinorVersionUpgrade: true }),
      serverlessV2MinCapacity: props.minCapacity ?? 0,
      serverlessV2MaxCapacity: props.maxCapacity ?? 2,
      // Pause after 10 idle minutes: a resume costs the next request ~15 s (retried by the api).
      serverlessV2AutoPauseDuration: Duration.minutes(10),
      enableDataApi: true,
      storageEncrypted: true,
      credentials: rds.Credentials.fromGeneratedSecret('cpe_admin', {
        secretName: `cpe-tracker/${props.stage}/db-credentials`,
      }),
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
    if (!this.cluster.secret) throw new Error('The cluster has no credentials secret');
    this.secret = this.cluster.secret;
    // cluster.secret is the attachment; the secret itself is the cluster's child 'Secret'.
    const generated = this.cluster.node.findChild('Secret');
    if (!(generated instanceof rds.DatabaseSecret)) throw new Error('No generated DB secret');
    generated.applyRemovalPolicy(props.removalPolicy);
    acknowledge(generated, {
      'AwsSolutions-SMG4':
        'Rotation needs a rotation Lambda inside this VPC plus a Secrets Manager interface endpoint (the VPC has no egress); the password is only used by the Data API for IAM-authorised callers and the cluster has no network path from outside.',
    });
    if (!props.deletionProtection) {
      acknowledge(this.cluster, {
        'AwsSolutions-RDS10':
          'Deletion protection is on where data is kept (retainData, default for prod); non-prod stages are disposable and must delete cleanly.',
      });
    }

    this.openAiSecret = new secretsmanager.Secret(this, 'OpenAiSecret', {
      secretName: `cpe-tracker/${props.stage}/openai`,
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
