/**
 * The migrate handler (packages/api/src/handlers/migrate.ts, the SQL files
 * bundled next to it) run by a CDK trigger after the database exists, on every
 * deploy: the trigger re-runs when its properties change, and one of them is
 * a value that changes every synth (StageConfig.deployNonce). Migrations are
 * recorded, so a run with nothing new applies nothing. A failed run fails the
 * deploy, which rolls back. The stack updates the functions that query the
 * database only after the trigger ran (executeBefore), so new code never
 * meets an old schema.
 */
import { CfnResource, Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { functionEnvironment, otherFunctions } from '@cpe/api/functions';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as triggers from 'aws-cdk-lib/triggers';
import { Construct } from 'constructs';
import type { Data } from './data';
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
}

export class Migrations extends Construct {
  readonly handler: HandlerFunction;
  readonly trigger: triggers.Trigger;

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
      timeout: Duration.minutes(3),
    });
    // The DB grant must be in place before the handler runs.
    this.trigger.executeAfter(this.handler);
    const resource = this.trigger.node.findChild('Default').node.defaultChild;
    if (!(resource instanceof CfnResource)) throw new Error('The trigger has no custom resource');
    resource.addPropertyOverride('DeployNonce', props.deployNonce);
  }
}
