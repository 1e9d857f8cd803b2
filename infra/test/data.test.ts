import { httpFunctions, otherFunctions } from '@cpe/api/functions';
import { AURORA_POSTGRES_VERSION } from '../lib/data';
import { LAMBDA_MIGRATIONS_DIR, snapshotIdentifier } from '../lib/migrations';
import { DEPLOY_NONCE, logicalId, PROD_CONTEXT, resources, synthesized } from './support/stack';

const prodStage = synthesized(PROD_CONTEXT);
const prod = prodStage.template;
const dev = synthesized({ stage: 'dev' }).template;

function cluster(template: typeof prod) {
  return resources(template, 'AWS::RDS::DBCluster')[
    logicalId(template, 'AWS::RDS::DBCluster', 'DataCluster')
  ]!;
}

describe('the Aurora Serverless v2 cluster', () => {
  it('is PostgreSQL 17 (the newest aws-cdk-lib offers) with the Data API, encrypted, database cpe, exporting its log', () => {
    const props = cluster(prod).Properties!;
    expect(props).toMatchObject({
      Engine: 'aurora-postgresql',
      EngineVersion: AURORA_POSTGRES_VERSION.auroraPostgresFullVersion,
      EnableCloudwatchLogsExports: ['postgresql'],
      EnableHttpEndpoint: true,
      StorageEncrypted: true,
      DatabaseName: 'cpe',
      BackupRetentionPeriod: 7,
    });
    prod.hasResourceProperties('AWS::RDS::DBInstance', {
      DBInstanceClass: 'db.serverless',
      DBClusterIdentifier: { Ref: logicalId(prod, 'AWS::RDS::DBCluster', 'DataCluster') },
    });
  });

  it('lets RDS manage and rotate the master password (no password in the template)', () => {
    const props = cluster(prod).Properties!;
    expect(props).toMatchObject({ ManageMasterUserPassword: true, MasterUsername: 'cpe_admin' });
    expect(props.MasterUserPassword).toBeUndefined();
    prod.resourceCountIs('AWS::SecretsManager::SecretTargetAttachment', 0);
    prod.resourceCountIs('AWS::SecretsManager::RotationSchedule', 0);
  });

  it('is kept and deletion-protected in prod, disposable elsewhere', () => {
    expect(cluster(prod).DeletionPolicy).toBe('RetainExceptOnCreate');
    expect(cluster(prod).Properties!.DeletionProtection).toBe(true);
    expect(cluster(dev).DeletionPolicy).toBe('Delete');
    expect(cluster(dev).Properties!.DeletionProtection).toBe(false);
    for (const [template, policy] of [
      [prod, 'RetainExceptOnCreate'],
      [dev, 'Delete'],
    ] as const) {
      for (const secret of Object.values(resources(template, 'AWS::SecretsManager::Secret'))) {
        expect(secret.DeletionPolicy).toBe(policy);
      }
    }
  });

  it('sits in isolated subnets: no NAT, no internet gateway', () => {
    prod.resourceCountIs('AWS::EC2::NatGateway', 0);
    prod.resourceCountIs('AWS::EC2::InternetGateway', 0);
    prod.hasResourceProperties('AWS::EC2::FlowLog', { TrafficType: 'REJECT' });
  });

  it('has an OpenAI key secret for the operator to fill in', () => {
    prod.hasResourceProperties('AWS::SecretsManager::Secret', {
      SecretString: '{"apiKey":""}',
    });
  });
});

describe('migrations on every deploy', () => {
  const migrateId = logicalId(prod, 'AWS::Lambda::Function', 'MigrationsHandlerFunction');
  const triggers = resources(prod, 'Custom::Trigger');

  it('bundles the SQL with the migrate handler and points MIGRATIONS_DIR at it', () => {
    const fn = resources(prod, 'AWS::Lambda::Function')[migrateId]!;
    expect(fn.Properties).toMatchObject({
      Handler: 'index.handler',
      Runtime: 'nodejs24.x',
      Timeout: 120,
      Environment: {
        Variables: expect.objectContaining({ MIGRATIONS_DIR: LAMBDA_MIGRATIONS_DIR }) as unknown,
      },
    });
  });

  it('runs the migrate handler from a CDK trigger after the cluster exists', () => {
    expect(Object.keys(triggers)).toHaveLength(1);
    const trigger = Object.values(triggers)[0]!;
    expect(JSON.stringify(trigger.Properties!.HandlerArn)).toContain('MigrationsHandlerFunction');
    expect(trigger.Properties).toMatchObject({
      InvocationType: 'RequestResponse',
      ExecuteOnHandlerChange: true,
    });
    const dependsOn = trigger.DependsOn as string[];
    expect(dependsOn).toEqual(
      expect.arrayContaining([
        logicalId(prod, 'AWS::RDS::DBCluster', 'DataCluster'),
        logicalId(prod, 'AWS::RDS::DBInstance', 'DataClusterWriter'),
        // the Data API grant of the migrate role
        expect.stringMatching(/^MigrationsHandlerRoleDefaultPolicy/),
      ]),
    );
  });

  it('runs before the functions that query the database are updated', () => {
    const triggerId = Object.keys(triggers)[0]!;
    const functions = resources(prod, 'AWS::Lambda::Function');
    const dbFunctions = Object.entries(functions).filter(
      ([id, f]) =>
        id !== migrateId &&
        (f.Properties as { Environment?: { Variables?: Record<string, unknown> } }).Environment
          ?.Variables?.DB_CLUSTER_ARN !== undefined,
    );
    // Every function of the table that needs the database, but migrate itself (and the
    // inbound mail's where the stage receives no mail).
    const needing = [...Object.values(httpFunctions), ...Object.values(otherFunctions)].filter(
      (def) =>
        (def.needs as readonly string[]).includes('database') &&
        def.module !== 'migrate' &&
        (def.module !== 'inbound' || prodStage.config.inboundMail),
    );
    expect(needing.length).toBeGreaterThan(7);
    expect(dbFunctions).toHaveLength(needing.length);
    for (const [, fn] of dbFunctions) expect(fn.DependsOn).toContain(triggerId);
  });

  it('waits for the migration as long as the function may run: one figure, the function table’s', () => {
    const trigger = Object.values(triggers)[0]!;
    const fn = resources(prod, 'AWS::Lambda::Function')[migrateId]!;
    expect(fn.Properties!.Timeout).toBe(otherFunctions.migrate.timeoutSeconds);
    expect(trigger.Properties!.Timeout).toBe(String(otherFunctions.migrate.timeoutSeconds * 1000));
  });

  it('snapshots the cluster before the migration where data is kept, named after the deploy', () => {
    const snapshots = resources(prod, 'Custom::AWS');
    expect(Object.keys(snapshots)).toHaveLength(1);
    const [snapshotId, snapshot] = Object.entries(snapshots)[0]!;
    const call = (key: 'Create' | 'Update') =>
      JSON.parse(
        (snapshot.Properties![key] as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1]
          .map((p) => (typeof p === 'string' ? p : '<cluster>'))
          .join(''),
      ) as Record<string, unknown>;
    expect(call('Update')).toMatchObject({
      service: 'RDS',
      action: 'createDBClusterSnapshot',
      parameters: {
        DBClusterIdentifier: '<cluster>',
        DBClusterSnapshotIdentifier: snapshotIdentifier('prod', DEPLOY_NONCE),
      },
      ignoreErrorCodesMatching: 'DBClusterSnapshotAlreadyExists.*',
    });
    // Only on updates: a new cluster has nothing to keep; the create only reads it.
    expect(call('Create')).toMatchObject({ service: 'RDS', action: 'describeDBClusters' });
    expect(Object.values(triggers)[0]!.DependsOn).toContain(snapshotId);
    expect(resources(dev, 'Custom::AWS')).toEqual({});
    expect(snapshotIdentifier('prod', '2026-11-26T23:40:00.000Z')).toBe(
      'cpe-tracker-prod-pre-migrate-2026-11-26t23-40-00-000z',
    );
    expect(snapshotIdentifier('prod', 'a'.repeat(40))).toBe(
      `cpe-tracker-prod-pre-migrate-${'a'.repeat(40)}`,
    );
  });

  it('changes on every synth, so CloudFormation re-runs it on every deploy', () => {
    expect(Object.values(triggers)[0]!.Properties!.DeployNonce).toBe(DEPLOY_NONCE);
  });
});
