/**
 * The one-time GitHub OIDC app (decision 040): one `CpeTracker-github-<account>`
 * stack per account named in infra/stages.json. An administrator deploys it
 * with their own credentials, never the pipeline:
 *
 *   pnpm --filter @cpe/infra cdk:github deploy --all
 *
 * Context: githubRepository (owner/name, overrides the stages file),
 * existingOidcProviderArn (the account already has GitHub's provider).
 */
import { App } from 'aws-cdk-lib';
import { readStagesFile } from '../lib/config';
import { addGitHubOidcStacks } from '../lib/github-oidc-app';
import { applyPolicyChecks } from '../lib/nag';

const app = new App();
const file = readStagesFile(app.node.tryGetContext('stagesFile') as string | undefined);
addGitHubOidcStacks(app, file);
applyPolicyChecks(app);
