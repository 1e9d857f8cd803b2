/**
 * `CpeTracker-github-<account>`: how GitHub Actions reaches AWS, with no
 * stored keys (decision 040). Deployed once per account by an administrator
 * (docs/deploy.md), never by the pipeline itself:
 *
 * - GitHub's OIDC identity provider (one per account, so it can be imported
 *   when the account already has it);
 * - per stage in this account, a deploy role that only a workflow job of this
 *   repository running in that stage's GitHub environment can assume (the
 *   token's `sub` is `repo:<owner>/<repo>:environment:<environment>`, its `aud`
 *   sts.amazonaws.com), and that may do one thing: assume the CDK bootstrap
 *   roles of the stage's region and us-east-1, through which `cdk deploy` works;
 * - in the diff stage's account, a diff role for pull requests
 *   (`sub` `repo:<owner>/<repo>:pull_request`) that may only assume the
 *   bootstrap lookup roles, which read stacks and templates and change
 *   nothing: `cdk diff --method template` needs no more;
 * - a plan role for the pipeline's runs on main (`sub`
 *   `repo:<owner>/<repo>:ref:refs/heads/main`, the jobs that hold no GitHub
 *   environment), equally limited to the lookup roles of the account's stage
 *   regions and us-east-1: each stage's diff is shown, and checked by the
 *   guard (infra/bin/guard-diff.ts), before its deploy job waits for approval.
 */
import { type Dict, dict } from '@cpe/shared/dict';
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { EDGE_REGION } from './config';

export const GITHUB_OIDC_ISSUER = 'token.actions.githubusercontent.com';
export const GITHUB_OIDC_AUDIENCE = 'sts.amazonaws.com';

/** The bootstrap roles the CDK CLI assumes to deploy (cfn-exec is passed to CloudFormation, not assumed). */
export const CDK_DEPLOY_ROLES = [
  'deploy',
  'file-publishing',
  'image-publishing',
  'lookup',
] as const;

export function deployRoleName(stage: string): string {
  return `cpe-tracker-github-deploy-${stage}`;
}
export const DIFF_ROLE_NAME = 'cpe-tracker-github-diff';
export const PLAN_ROLE_NAME = 'cpe-tracker-github-plan';

/** `cdk-<qualifier>-<kind>-role-<account>-<region>`: the names `cdk bootstrap` gives its roles. */
export function bootstrapRoleArn(
  kind: string,
  account: string,
  region: string,
  qualifier = 'hnb659fds',
  partition = 'aws',
): string {
  return `arn:${partition}:iam::${account}:role/cdk-${qualifier}-${kind}-role-${account}-${region}`;
}

export interface OidcStage {
  stage: string;
  region: string;
  githubEnvironment: string;
}

export interface GitHubOidcStackProps extends StackProps {
  account: string;
  /** owner/name */
  repository: string;
  /** The stages deployed into this account. */
  stages: OidcStage[];
  /** The stage pull requests are diffed against, when it lives in this account. */
  diffStage?: OidcStage | undefined;
  /** The account's existing GitHub provider (there can be only one per account). */
  existingProviderArn?: string | undefined;
}

export class GitHubOidcStack extends Stack {
  readonly provider: iam.IOidcProvider;
  readonly deployRoles: Dict<iam.Role> = dict<iam.Role>();
  readonly diffRole: iam.Role | undefined;
  readonly planRole: iam.Role;

  constructor(scope: Construct, id: string, props: GitHubOidcStackProps) {
    super(scope, id, props);
    const qualifier = String(
      this.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') ?? 'hnb659fds',
    );

    this.provider = props.existingProviderArn
      ? iam.OidcProviderNative.fromOidcProviderArn(this, 'GitHub', props.existingProviderArn)
      : new iam.OidcProviderNative(this, 'GitHub', {
          url: `https://${GITHUB_OIDC_ISSUER}`,
          clientIds: [GITHUB_OIDC_AUDIENCE],
        });

    const trust = (sub: string): iam.IPrincipal =>
      new iam.WebIdentityPrincipal(this.provider.oidcProviderArn, {
        StringEquals: {
          [`${GITHUB_OIDC_ISSUER}:aud`]: GITHUB_OIDC_AUDIENCE,
          [`${GITHUB_OIDC_ISSUER}:sub`]: sub,
        },
      });

    const mayAssume = (kinds: readonly string[], regions: string[]): iam.PolicyDocument =>
      new iam.PolicyDocument({
        statements: [
          new iam.PolicyStatement({
            actions: ['sts:AssumeRole'],
            resources: kinds.flatMap((kind) =>
              [...new Set(regions)].map((region) =>
                bootstrapRoleArn(kind, props.account, region, qualifier, this.partition),
              ),
            ),
          }),
        ],
      });

    for (const stage of props.stages) {
      this.deployRoles[stage.stage] = new iam.Role(this, `Deploy${pascal(stage.stage)}`, {
        roleName: deployRoleName(stage.stage),
        description: `GitHub Actions, ${props.repository} environment ${stage.githubEnvironment}: cdk deploy of stage ${stage.stage}`,
        assumedBy: trust(`repo:${props.repository}:environment:${stage.githubEnvironment}`),
        maxSessionDuration: Duration.hours(2),
        inlinePolicies: {
          'assume-cdk-bootstrap-roles': mayAssume(CDK_DEPLOY_ROLES, [stage.region, EDGE_REGION]),
        },
      });
    }

    this.planRole = new iam.Role(this, 'Plan', {
      roleName: PLAN_ROLE_NAME,
      description: `GitHub Actions, ${props.repository} main: cdk diff of the stages of this account before their deploys (read-only)`,
      assumedBy: trust(`repo:${props.repository}:ref:refs/heads/main`),
      maxSessionDuration: Duration.hours(1),
      inlinePolicies: {
        'assume-cdk-lookup-role': mayAssume(
          ['lookup'],
          [...props.stages.map((s) => s.region), EDGE_REGION],
        ),
      },
    });

    if (props.diffStage) {
      this.diffRole = new iam.Role(this, 'Diff', {
        roleName: DIFF_ROLE_NAME,
        description: `GitHub Actions, ${props.repository} pull requests: cdk diff of stage ${props.diffStage.stage} (read-only)`,
        assumedBy: trust(`repo:${props.repository}:pull_request`),
        maxSessionDuration: Duration.hours(1),
        inlinePolicies: {
          'assume-cdk-lookup-role': mayAssume(['lookup'], [props.diffStage.region, EDGE_REGION]),
        },
      });
    }
  }
}

function pascal(name: string): string {
  return name
    .split('-')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
}
