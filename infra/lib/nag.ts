/**
 * cdk-nag (v3: a CDK policy validation plugin). Every AwsSolutions finding,
 * error or warning, fails synth unless it is fixed or acknowledged; the
 * acknowledgments sit next to the construct they concern, each with its reason.
 */
import { type App, Stack, Token, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export function applyNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
}

/** Acknowledges AwsSolutions findings on `scope` and everything under it: `{ 'AwsSolutions-XX': reason }`. */
export function acknowledge(scope: IConstruct, rules: Record<string, string>): void {
  for (const [id, reason] of Object.entries(rules)) {
    if (reason.trim().length < 20) throw new Error(`Acknowledging ${id} needs a real reason`);
    Validations.of(scope).acknowledge({ id, reason });
  }
}

/** How cdk-nag renders the CDK bootstrap assets bucket in an IAM5 finding. */
export function bootstrapAssetsBucketFinding(scope: IConstruct): string {
  const stack = Stack.of(scope);
  const qualifier: unknown =
    stack.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') ?? 'hnb659fds';
  const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
  const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
  return `Resource::arn:<AWS::Partition>:s3:::cdk-${String(qualifier)}-assets-${account}-${region}/*`;
}
