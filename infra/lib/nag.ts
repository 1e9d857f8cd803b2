/**
 * Policy as code, run on every synth as CDK policy validation plugins:
 *
 * - cdk-nag's AwsSolutions pack (v3);
 * - the AWS Control Tower proactive controls as cfn-guard rules
 *   (@cdklabs/cdk-validator-cfnguard, which ships the cfn-guard binary and the
 *   rules inside its npm package: nothing is downloaded at synth).
 *
 * Every finding, error or warning, fails synth unless it is fixed or
 * acknowledged; the acknowledgments sit next to the construct they concern,
 * each with its reason: `acknowledge(construct, { 'AwsSolutions-XX': reason })`
 * for cdk-nag, `acknowledgeGuard(construct, { 'CT.S3.PR.1': reason })` for the
 * Control Tower rules.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type App,
  type IPolicyValidationContext,
  type IPolicyValidationPlugin,
  type PolicyValidationPluginReport,
  Stack,
  Token,
  Validations,
} from 'aws-cdk-lib';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/** The plugin name cdk-validator-cfnguard reports under: CDK namespaces its rule ids with it. */
export const GUARD_PLUGIN = 'cdk-validator-cfnguard';

/**
 * Singleton Lambdas aws-cdk-lib adds for its own custom resources (triggers,
 * bucket deployments, auto-delete, cross-region references), found by their
 * construct ids. Some are created only while the app synthesizes, so they are
 * acknowledged just before the guard rules run, not at construction.
 */
const CDK_PROVIDER_ID = /^(Custom::|AWSCDK\.)/;

const CDK_PROVIDER_REASONS: Record<string, string> = {
  lambda_inside_vpc_check:
    "aws-cdk-lib's own custom resource handler: it only calls AWS APIs during deploys, and the stage's VPC has no egress for it.",
  cloudwatch_log_group_encrypted_check:
    'The log group aws-cdk-lib gives its own deploy-time handler; CloudWatch Logs encrypts it at rest with its own key, and it holds no user data.',
  cloudwatch_log_group_retention_period_check:
    "The log group aws-cdk-lib gives its own deploy-time handler, with the library's retention; it records deploys, not requests.",
};

/** The Control Tower rules cdk-validator-cfnguard ships (its `controlTowerRulesEnabled` set). */
const CONTROL_TOWER_RULES = path.join(
  path.dirname(require.resolve('@cdklabs/cdk-validator-cfnguard')),
  '..',
  'rules/control-tower/cfn-guard',
);

const RESOURCE_TYPE = /["'](AWS::[A-Za-z0-9]+::[A-Za-z0-9]+)["']/g;

let ruleTypes: Map<string, Set<string>> | undefined;

/** Each Control Tower rule file, by the name `disabledRules` takes, with the resource types it reports on. */
function controlTowerRuleTypes(): Map<string, Set<string>> {
  if (!ruleTypes) {
    ruleTypes = new Map();
    const files = readdirSync(CONTROL_TOWER_RULES, { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((f) => f.endsWith('.guard'))) {
      const source = readFileSync(path.join(CONTROL_TOWER_RULES, file), 'utf8');
      const types = new Set([...source.matchAll(RESOURCE_TYPE)].map((m) => m[1]!));
      ruleTypes.set(path.parse(file).name, types);
    }
  }
  return ruleTypes;
}

function resourceTypes(templatePaths: readonly string[]): Set<string> {
  const types = new Set<string>();
  for (const file of templatePaths) {
    const template = JSON.parse(readFileSync(file, 'utf8')) as {
      Resources?: Record<string, { Type?: string }>;
    };
    for (const resource of Object.values(template.Resources ?? {})) {
      if (resource.Type) types.add(resource.Type);
    }
  }
  return types;
}

/**
 * The Control Tower rules that report only on resource types none of the
 * templates has. Each such rule can only SKIP, yet cfn-guard reads the whole
 * template again for every rule file (about 0.5 s of CPU for a stage's
 * template), so they are passed as `disabledRules`: same findings, a third
 * of the work. A rule whose types cannot be read from its source always runs.
 */
export function idleControlTowerRules(templatePaths: readonly string[]): string[] {
  const present = resourceTypes(templatePaths);
  return [...controlTowerRuleTypes()]
    .filter(([, types]) => types.size > 0 && ![...types].some((t) => present.has(t)))
    .map(([name]) => name);
}

/** The Control Tower rules, with CDK's own singleton handlers acknowledged first. */
export class ControlTowerChecks implements IPolicyValidationPlugin {
  readonly name = GUARD_PLUGIN;
  private readonly guard = new CfnGuardValidator({ controlTowerRulesEnabled: true });

  get version(): string | undefined {
    return this.guard.version;
  }

  get ruleIds(): string[] | undefined {
    return this.guard.ruleIds;
  }

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    const root = (context as { appConstruct?: IConstruct }).appConstruct;
    for (const stack of root?.node.children ?? []) {
      if (!Stack.isStack(stack)) continue;
      for (const child of stack.node.children) {
        if (CDK_PROVIDER_ID.test(child.node.id)) acknowledgeGuard(child, CDK_PROVIDER_REASONS);
      }
    }
    const guard = new CfnGuardValidator({
      controlTowerRulesEnabled: true,
      disabledRules: idleControlTowerRules(context.templatePaths),
    });
    return guard.validate(context);
  }
}

export function applyPolicyChecks(app: App, options: { guard?: boolean } = {}): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  if (options.guard ?? true) Validations.of(app).addPlugins(new ControlTowerChecks());
}

/** Why log groups are kept months, not a year, and encrypted by CloudWatch's own key (guard rules). */
export const LOG_GROUP_GUARD_REASONS: Record<string, string> = {
  cloudwatch_log_group_retention_period_check:
    "Kept 1 month (3 where the stage retains data): they hold request ids, status codes and error details for debugging, not an audit trail; CloudTrail is the account's audit log.",
  cloudwatch_log_group_encrypted_check:
    'CloudWatch Logs encrypts every log group at rest with its own key; a customer managed key would add a monthly cost per stage and a key policy to keep right for no reader it would exclude.',
};

function checkReason(id: string, reason: string): void {
  if (reason.trim().length < 20) throw new Error(`Acknowledging ${id} needs a real reason`);
}

/** Acknowledges AwsSolutions findings on `scope` and everything under it: `{ 'AwsSolutions-XX': reason }`. */
export function acknowledge(scope: IConstruct, rules: Record<string, string>): void {
  for (const [id, reason] of Object.entries(rules)) {
    checkReason(id, reason);
    Validations.of(scope).acknowledge({ id, reason });
  }
}

/** Acknowledges Control Tower guard findings on `scope` and below: `{ 'CT.S3.PR.1': reason }`. */
export function acknowledgeGuard(scope: IConstruct, rules: Record<string, string>): void {
  for (const [id, reason] of Object.entries(rules)) {
    checkReason(id, reason);
    Validations.of(scope).acknowledge({ id: `${GUARD_PLUGIN}::${id}`, reason });
  }
}

/** How cdk-nag renders the CDK bootstrap assets bucket in an IAM5 finding. */
export function bootstrapAssetsBucketFinding(scope: IConstruct): string {
  const stack = Stack.of(scope);
  const qualifier: unknown =
    stack.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') ?? 'hnb659fds';
  const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
  const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
  // A literal with @aws-cdk/core:enablePartitionLiterals and a known region.
  const partition = Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition;
  return `Resource::arn:${partition}:s3:::cdk-${String(qualifier)}-assets-${account}-${region}/*`;
}
