/**
 * The migrate handler (packages/api/src/handlers/migrate.ts, the SQL files
 * bundled next to it) run by a CDK trigger after the database exists, on every
 * deploy: the trigger re-runs when its properties change, and one of them is
 * a value that changes every synth (StageConfig.deployNonce). Migrations are
 * recorded, so a run with nothing new applies nothing. A failed run fails the
 * deploy, which rolls back. The stack updates the functions that query the
 * database only after the trigger ran (executeBefore), so new code never
 * meets an old schema.
 *
 * With `snapshotBeforeMigrating` (stages that keep data) each deploy first
 * starts a manual snapshot of the cluster, named after the deploy nonce (the
 * commit), so a migration that went wrong can be undone by restoring it. The
 * snapshot is a point in time taken at its start: the migration does not
 * wait for it to finish. A redeploy of a commit whose snapshot exists takes none.
 *
 * One timeout figure, the function table's (packages/api/src/functions.ts),
 * bounds both the migrate function and the trigger that waits for it.
 */
import { ArnFormat, CfnResource, Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as cr from 'aws-cdk-lib/custom-resources';
import { functionEnvironment, otherFunctions } from '@cpe/api/functions';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as triggers from 'aws-cdk-lib/triggers';
import { Construct } from 'constructs';
import type { Data } from './data';
import { acknowledge, acknowledgeGuard, LOG_GROUP_GUARD_REASONS } from './nag';
import { HandlerFunction } from './functions';

/** Where Lambda unpacks the asset: dist/migrate/migrations ends up here. */
export const LAMBDA_MIGRATIONS_DIR = '/var/task/migrations';

export interface MigrationsProps {
  stage: string;
  apiDist: string;
  data: Data;
  deployNonce: string;
  logRetention: logs.RetentionDays;
  logRemovalPolicy: RemovalPolicy;
  /** Take a manual cluster snapshot before each deploy's migration. */
  snapshotBeforeMigrating: boolean;
}

/** A snapshot name from the deploy nonce: letters, digits and single hyphens, starting with a letter. */
export function snapshotIdentifier(stage: string, nonce: string): string {
  const tail = nonce
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `cpe-tracker-${stage}-pre-migrate-${tail}`.slice(0, 255).replace(/-+$/, '');
}

export class Migrations extends Construct {
  readonly handler: HandlerFunction;
  readonly trigger: triggers.Trigger;
  readonly snapshot: cr.AwsCustomResource | undefined;

  constructor(scope: Construct, id: string, props: MigrationsProps) {
    super(scope, id);
    const def = otherFunctions.migrate;
    this.handler = new HandlerFunction(this, 'Handler', {
      module: def.module,
      apiDist: props.apiDist,
      description: `CPE Tracker ${props.stage}: applies pending SQL migrations (run by the deploy)`,
      environment: functionEnvironment(def, {
        ...props.data.environment,
        MIGRATIONS_DIR: LAMBDA_MIGRATIONS_DIR,
      }),
      timeout: Duration.seconds(def.timeoutSeconds),
      memorySize: def.memoryMb,
      logRetention: props.logRetention,
      logRemovalPolicy: props.logRemovalPolicy,
    });
    props.data.grantDataAccess(this.handler.function);

    this.trigger = new triggers.Trigger(this, 'Trigger', {
      handler: this.handler.function,
      executeAfter: [props.data.cluster],
      executeOnHandlerChange: true,
      timeout: Duration.seconds(def.timeoutSeconds),
    });
    if (props.snapshotBeforeMigrating) {
      const identifier = snapshotIdentifier(props.stage, props.deployNonce);
      const stack = Stack.of(this);
      const snapshots = stack.formatArn({
        service: 'rds',
        resource: 'cluster-snapshot',
        resourceName: 'cpe-tracker-*',
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      });
      const call: cr.AwsSdkCall = {
        service: 'RDS',
        action: 'createDBClusterSnapshot',
        parameters: {
          DBClusterIdentifier: props.data.cluster.clusterIdentifier,
          DBClusterSnapshotIdentifier: identifier,
          Tags: [{ Key: 'purpose', Value: 'before-migration' }],
        },
        physicalResourceId: cr.PhysicalResourceId.of(identifier),
        // A redeploy of a commit already snapshotted: that snapshot stands.
        ignoreErrorCodesMatching: 'DBClusterSnapshotAlreadyExists.*',
      };
      this.snapshot = new cr.AwsCustomResource(this, 'Snapshot', {
        // Not on the first create: a new cluster has nothing to keep (and
        // is still making its writer). The create only reads the cluster.
        onCreate: {
          service: 'RDS',
          action: 'describeDBClusters',
          parameters: { DBClusterIdentifier: props.data.cluster.clusterIdentifier },
          physicalResourceId: cr.PhysicalResourceId.of(identifier),
          outputPaths: ['DBClusters.0.Status'],
        },
        onUpdate: call,
        policy: cr.AwsCustomResourcePolicy.fromStatements([
          new iam.PolicyStatement({
            actions: [
              'rds:CreateDBClusterSnapshot',
              'rds:AddTagsToResource',
              'rds:DescribeDBClusters',
            ],
            resources: [props.data.cluster.clusterArn, snapshots],
          }),
        ]),
        installLatestAwsSdk: false,
        logRetention: undefined,
      });
      this.trigger.executeAfter(this.snapshot);
      acknowledge(this.snapshot, {
        [`AwsSolutions-IAM5[Resource::${String(stack.resolve(snapshots))}]`]:
          "CreateDBClusterSnapshot names the snapshot to create, which does not exist yet: the grant covers this project's snapshot names only.",
      });
      this.acknowledgeSdkCallHandler();
    }
    // The DB grant must be in place before the handler runs.
    this.trigger.executeAfter(this.handler);
    const resource = this.trigger.node.findChild('Default').node.defaultChild;
    if (!(resource instanceof CfnResource)) throw new Error('The trigger has no custom resource');
    resource.addPropertyOverride('DeployNonce', props.deployNonce);
  }

  /** The stack-wide Lambda of aws-cdk-lib's AwsCustomResource, which makes the SDK call. */
  private acknowledgeSdkCallHandler(): void {
    const stack = Stack.of(this);
    const id = `AWS${cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`;
    const handler = stack.node.tryFindChild(id);
    if (!handler) throw new Error('No AwsCustomResource handler in the stack');
    const cdkOwned =
      "aws-cdk-lib's AwsCustomResource handler, not our code: its role, runtime and log group are set by the library";
    acknowledge(handler, {
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]': `${cdkOwned}; the managed policy only lets it write its own logs.`,
      'AwsSolutions-L1': `${cdkOwned}; the library bumps the runtime of its handler.`,
    });
    acknowledgeGuard(handler, {
      ...LOG_GROUP_GUARD_REASONS,
      lambda_inside_vpc_check: `${cdkOwned}; it calls the RDS API by its public endpoint, which from a VPC would need a NAT gateway or an interface endpoint.`,
    });
  }
}
