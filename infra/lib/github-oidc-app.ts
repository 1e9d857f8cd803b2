/**
 * One GitHub OIDC stack per account of the stages file: IAM is global, the
 * OIDC provider exists once per account, so every stage sharing an account
 * gets its deploy role from the same stack.
 */
import type { App } from 'aws-cdk-lib';
import type { StagesFile } from './config';
import { GitHubOidcStack, type OidcStage } from './github-oidc';

export function addGitHubOidcStacks(app: App, file: StagesFile): GitHubOidcStack[] {
  const repository =
    (app.node.tryGetContext('githubRepository') as string | undefined) ?? file.github.repository;
  const existingProviderArn = app.node.tryGetContext('existingOidcProviderArn') as
    string | undefined;
  const byAccount = new Map<string, { region: string; stages: OidcStage[] }>();
  for (const [stage, entry] of Object.entries(file.stages)) {
    const group = byAccount.get(entry.account) ?? { region: entry.region, stages: [] };
    group.stages.push({ stage, region: entry.region, githubEnvironment: entry.githubEnvironment });
    byAccount.set(entry.account, group);
  }
  return [...byAccount.entries()].map(
    ([account, group]) =>
      new GitHubOidcStack(app, `CpeTracker-github-${account}`, {
        env: { account, region: group.region },
        description: `CPE Tracker: GitHub Actions OIDC provider and deploy roles for ${repository}`,
        account,
        repository,
        stages: group.stages,
        diffStage: group.stages.find((s) => s.stage === file.github.diffStage),
        existingProviderArn,
      }),
  );
}
