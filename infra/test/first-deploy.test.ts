/**
 * A first deploy that fails can be retried (issue 27): in every stage's
 * template, what keeps data is kept on a replacement or a stack delete but
 * removed when the stack's own create rolls back (RetainExceptOnCreate),
 * CloudFormation names what it can, and no stack is termination-protected
 * (a stack whose first create failed must be deleted before the retry).
 */
import { resources, STAGE_NAMES, STAGES, synthesized } from './support/stack';

/** Types that hold data or identities, and the stack's own log groups. */
const STATEFUL = [
  'AWS::RDS::DBCluster',
  'AWS::Cognito::UserPool',
  'AWS::SecretsManager::Secret',
  'AWS::SQS::Queue',
  'AWS::Logs::LogGroup',
] as const;

/**
 * The VPC flow log group is deliberately disposable (rejected packets only);
 * the BucketDeployment's and the AwsCustomResource's log groups are aws-cdk-lib's, named after their
 * CloudFormation-named function, so a retry never meets it.
 */
const notOurs = (id: string) =>
  id.startsWith('DataFlowLogs') ||
  id.startsWith('CustomCDKBucketDeployment') ||
  // The AwsCustomResource handler's (the snapshot before migrating): likewise named after its function.
  id.startsWith('AWS679f53fac002430cb0da5b7982bd2287');

describe.each(STAGE_NAMES)('stage %s', (stage) => {
  const { template, artifacts } = synthesized({ stage });
  const retain = STAGES.stages[stage]!.retainData;

  it(`${retain ? 'keeps' : 'deletes'} every stateful resource on delete, and removes it when the first create rolls back`, () => {
    for (const type of STATEFUL) {
      const found = Object.entries(resources(template, type));
      expect([type, found.length > 0]).toEqual([type, true]);
      for (const [id, r] of found) {
        if (notOurs(id)) continue;
        expect([id, r.DeletionPolicy, r.UpdateReplacePolicy]).toEqual(
          retain ? [id, 'RetainExceptOnCreate', 'Retain'] : [id, 'Delete', 'Delete'],
        );
      }
    }
    const evidence = Object.entries(resources(template, 'AWS::S3::Bucket')).filter(([id]) =>
      id.startsWith('EvidenceBucket'),
    );
    expect(evidence).toHaveLength(1);
    expect(evidence[0]![1].DeletionPolicy).toBe(retain ? 'RetainExceptOnCreate' : 'Delete');
    if (retain) {
      // The cluster's subnet group stays with the kept cluster.
      for (const [id, r] of Object.entries(resources(template, 'AWS::RDS::DBSubnetGroup'))) {
        expect([id, r.DeletionPolicy]).toEqual([id, 'RetainExceptOnCreate']);
      }
    }
  });

  it('leaves naming to CloudFormation: cluster, its log group, secrets and (with a domain) the evidence bucket', () => {
    const cluster = Object.values(resources(template, 'AWS::RDS::DBCluster'))[0]!;
    expect(cluster.Properties!.DBClusterIdentifier).toBeUndefined();
    for (const secret of Object.values(resources(template, 'AWS::SecretsManager::Secret'))) {
      expect(secret.Properties!.Name).toBeUndefined();
    }
    for (const [id, group] of Object.entries(resources(template, 'AWS::Logs::LogGroup'))) {
      if (notOurs(id)) continue;
      const name = group.Properties!.LogGroupName;
      // Only the PostgreSQL log has a name, and it is the cluster's, whatever CloudFormation calls it.
      if (!id.startsWith('DataPostgresLog')) {
        expect([id, name]).toEqual([id, undefined]);
        continue;
      }
      expect(name).toEqual({
        'Fn::Join': [
          '',
          [
            '/aws/rds/cluster/',
            { Ref: expect.stringMatching(/^DataCluster/) as unknown },
            '/postgresql',
          ],
        ],
      });
    }
    const writer = Object.values(resources(template, 'AWS::RDS::DBInstance'))[0]!;
    expect(writer.DependsOn).toEqual(
      expect.arrayContaining([expect.stringMatching(/^DataPostgresLog/)]),
    );
    const bucket = Object.entries(resources(template, 'AWS::S3::Bucket')).find(([id]) =>
      id.startsWith('EvidenceBucket'),
    )![1];
    if (STAGES.stages[stage]!.domain) expect(bucket.Properties!.BucketName).toBeUndefined();
    else expect(bucket.Properties!.BucketName).toBeDefined();
  });

  it('has no termination protection on its stacks', () => {
    const stacks = Object.entries(artifacts);
    expect(stacks.length).toBeGreaterThan(0);
    for (const [name, artifact] of stacks) {
      expect([name, artifact.properties?.terminationProtection]).toEqual([name, false]);
    }
  });
});
