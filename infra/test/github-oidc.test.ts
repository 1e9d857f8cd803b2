/**
 * The one-time GitHub OIDC stacks: who may assume each deploy role (one
 * repository, one GitHub environment per stage), and what the roles may do
 * (assume the CDK bootstrap roles, nothing else).
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { EDGE_REGION } from '../lib/config';
import {
  CDK_DEPLOY_ROLES,
  DIFF_ROLE_NAME,
  PLAN_ROLE_NAME,
  deployRoleName,
} from '../lib/github-oidc';
import { addGitHubOidcStacks } from '../lib/github-oidc-app';
import { applyPolicyChecks } from '../lib/nag';
import { CDK_JSON_CONTEXT, resources, STAGES } from './support/stack';

function synth(context: Record<string, string> = {}) {
  const app = new App({ context: { ...CDK_JSON_CONTEXT, ...context } });
  const stacks = addGitHubOidcStacks(app, STAGES);
  applyPolicyChecks(app);
  return stacks.map((stack) => ({ stack, template: Template.fromStack(stack) }));
}

interface Role {
  RoleName: string;
  AssumeRolePolicyDocument: { Statement: Record<string, unknown>[] };
  Policies: {
    PolicyName: string;
    PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] };
  }[];
}

function roles(template: Template): Record<string, Role> {
  return Object.fromEntries(
    Object.values(resources(template, 'AWS::IAM::Role')).map((r) => {
      const props = r.Properties as unknown as Role;
      return [props.RoleName, props];
    }),
  );
}

const bootstrapRole = (kind: string, account: string, region: string) =>
  `arn:aws:iam::${account}:role/cdk-hnb659fds-${kind}-role-${account}-${region}`;

describe('the GitHub OIDC stacks (one per account of the stages file)', () => {
  const built = synth();
  const accounts = [...new Set(Object.values(STAGES.stages).map((s) => s.account))];

  it('exist once per account, and pass cdk-nag and the guard rules', () => {
    expect(built.map((b) => b.stack.account).sort()).toEqual(accounts.sort());
  });

  it.each(Object.entries(STAGES.stages))(
    'stage %s: a deploy role only its GitHub environment of this repository can assume',
    (stage, entry) => {
      const { template } = built.find((b) => b.stack.account === entry.account)!;
      template.hasResourceProperties('AWS::IAM::OIDCProvider', {
        Url: 'https://token.actions.githubusercontent.com',
        ClientIdList: ['sts.amazonaws.com'],
      });
      const role = roles(template)[deployRoleName(stage)]!;
      expect(role.AssumeRolePolicyDocument.Statement).toEqual([
        {
          Action: 'sts:AssumeRoleWithWebIdentity',
          Effect: 'Allow',
          Principal: { Federated: { Ref: expect.stringMatching(/^GitHub/) as unknown } },
          Condition: {
            StringEquals: {
              'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
              'token.actions.githubusercontent.com:sub': `repo:${STAGES.github.repository}:environment:${entry.githubEnvironment}`,
            },
          },
        },
      ]);
      // It may assume the CDK bootstrap roles of its region and us-east-1, and nothing else.
      expect(role.Policies).toHaveLength(1);
      const statements = role.Policies[0]!.PolicyDocument.Statement;
      expect(statements).toHaveLength(1);
      expect(statements[0]!.Action).toBe('sts:AssumeRole');
      const expected = CDK_DEPLOY_ROLES.flatMap((kind) =>
        [entry.region, EDGE_REGION].map((region) => bootstrapRole(kind, entry.account, region)),
      );
      expect([statements[0]!.Resource].flat().sort()).toEqual(expected.sort());
      template.resourceCountIs('AWS::IAM::Policy', 0);
      template.resourceCountIs('AWS::IAM::ManagedPolicy', 0);
    },
  );

  it('gives pull requests a diff role that may only assume the lookup roles of the diff stage', () => {
    const diffStage = STAGES.stages[STAGES.github.diffStage]!;
    const { template } = built.find((b) => b.stack.account === diffStage.account)!;
    const role = roles(template)[DIFF_ROLE_NAME]!;
    expect(role.AssumeRolePolicyDocument.Statement[0]!.Condition).toEqual({
      StringEquals: {
        'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
        'token.actions.githubusercontent.com:sub': `repo:${STAGES.github.repository}:pull_request`,
      },
    });
    const resourcesAllowed = [role.Policies[0]!.PolicyDocument.Statement[0]!.Resource].flat();
    expect(resourcesAllowed.sort()).toEqual(
      [diffStage.region, EDGE_REGION]
        .map((r) => bootstrapRole('lookup', diffStage.account, r))
        .sort(),
    );
    for (const other of built.filter((b) => b.stack.account !== diffStage.account)) {
      expect(roles(other.template)[DIFF_ROLE_NAME]).toBeUndefined();
    }
  });

  it('gives runs on main a plan role per account that may only assume the lookup roles of its stages', () => {
    for (const account of accounts) {
      const { template } = built.find((b) => b.stack.account === account)!;
      const role = roles(template)[PLAN_ROLE_NAME]!;
      expect(role.AssumeRolePolicyDocument.Statement[0]!.Condition).toEqual({
        StringEquals: {
          'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
          'token.actions.githubusercontent.com:sub': `repo:${STAGES.github.repository}:ref:refs/heads/main`,
        },
      });
      const regions = Object.values(STAGES.stages)
        .filter((s) => s.account === account)
        .map((s) => s.region);
      const allowed = [role.Policies[0]!.PolicyDocument.Statement[0]!.Resource].flat();
      expect(allowed.sort()).toEqual(
        [...new Set([...regions, EDGE_REGION])]
          .map((r) => bootstrapRole('lookup', account, r))
          .sort(),
      );
      expect(role.Policies[0]!.PolicyDocument.Statement[0]!.Action).toBe('sts:AssumeRole');
    }
  });

  it('takes the repository from context and reuses an existing provider', () => {
    const arn = 'arn:aws:iam::111111111111:oidc-provider/token.actions.githubusercontent.com';
    const [first] = synth({ githubRepository: 'acme/cpe', existingOidcProviderArn: arn });
    first!.template.resourceCountIs('AWS::IAM::OIDCProvider', 0);
    const role = Object.values(roles(first!.template))[0]!;
    expect(JSON.stringify(role.AssumeRolePolicyDocument)).toContain('repo:acme/cpe:');
    expect(JSON.stringify(role.AssumeRolePolicyDocument)).toContain(arn);
  });
});
