/**
 * What the pipeline needs from infra/stages.json, printed for a workflow step:
 *
 *   tsx infra/bin/stage-info.ts names             -> "dev staging prod"
 *   tsx infra/bin/stage-info.ts outputs <stage>   -> key=value lines for $GITHUB_OUTPUT
 *
 * Outputs: account, region, environment, deploy_role (the stage's OIDC deploy
 * role), plan_role (the read-only role its pre-approval diff uses, in the
 * stage's account), diff_role (the pull-request diff role), repository.
 */
import { readStagesFile } from '../lib/config';
import { DIFF_ROLE_NAME, PLAN_ROLE_NAME, deployRoleName } from '../lib/github-oidc';

const [command, stage] = process.argv.slice(2);
const file = readStagesFile();

if (command === 'names') {
  console.log(Object.keys(file.stages).join(' '));
} else if (command === 'outputs' && stage) {
  const entry = Object.hasOwn(file.stages, stage) ? file.stages[stage] : undefined;
  if (!entry) throw new Error(`No stage ${stage} in infra/stages.json`);
  const diffStage = file.github.diffStage;
  const diff = Object.hasOwn(file.stages, diffStage) ? file.stages[diffStage] : undefined;
  if (!diff) throw new Error(`No stage ${diffStage} in infra/stages.json`);
  const lines = {
    account: entry.account,
    region: entry.region,
    environment: entry.githubEnvironment,
    deploy_role: `arn:aws:iam::${entry.account}:role/${deployRoleName(stage)}`,
    plan_role: `arn:aws:iam::${entry.account}:role/${PLAN_ROLE_NAME}`,
    diff_role: `arn:aws:iam::${diff.account}:role/${DIFF_ROLE_NAME}`,
    repository: file.github.repository,
  };
  for (const [key, value] of Object.entries(lines)) console.log(`${key}=${value}`);
} else {
  console.error('usage: stage-info.ts names | outputs <stage>');
  process.exitCode = 2;
}
