/**
 * Policy as code on every stage of infra/stages.json: cdk-nag v3 and the
 * Control Tower guard rules report through CDK's policy validation (not
 * annotations), and buildStack registers both, so its synth throws on any
 * finding. The nag pack is also run on the tree directly: no finding may be
 * left, error or warning, and every acknowledgment has a reason.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { applyPolicyChecks, GUARD_PLUGIN } from '../lib/nag';
import { buildStack, STAGE_NAMES } from './support/stack';

const contexts: Record<string, Record<string, string>> = {
  ...Object.fromEntries(STAGE_NAMES.map((stage) => [stage, { stage }])),
  'dev with a custom domain': {
    stage: 'dev',
    domainName: 'cpe.example.com',
    certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abc',
  },
};

function findings(scope: IConstruct): string[] {
  const report = new AwsSolutionsChecks().validateScope(scope);
  return report.violations.flatMap((v) =>
    v.violatingResources.map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath}`),
  );
}

function acknowledgments(scope: IConstruct): { path: string; id: string; reason: string }[] {
  const found = scope.node.metadata
    .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
    .flatMap((m) =>
      Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({
        path: scope.node.path,
        id,
        reason,
      })),
    );
  return [...found, ...scope.node.children.flatMap(acknowledgments)];
}

interface Report {
  pluginReports: {
    pluginName: string;
    conclusion: string;
    violations: unknown[];
    suppressedViolations?: { ruleName: string; reason: string }[];
  }[];
}

describe.each(Object.entries(contexts))('policy checks, %s', (_, context) => {
  // Registered like bin/app.ts does: synth (inside buildStack) throws on any finding.
  const { app, stack, edge } = buildStack(context, { policy: true });

  it('leaves no unacknowledged cdk-nag finding', () => {
    expect(findings(stack)).toEqual([]);
    if (edge) expect(findings(edge)).toEqual([]);
  });

  it('ran the Control Tower guard rules: no violation left, each acknowledged one with its reason', () => {
    const report = JSON.parse(
      readFileSync(path.join(app.outdir, 'validation-report.json'), 'utf8'),
    ) as Report;
    const guard = report.pluginReports.find((r) => r.pluginName === GUARD_PLUGIN);
    expect(guard).toBeDefined();
    expect(guard!.violations).toEqual([]);
    expect(guard!.suppressedViolations?.length).toBeGreaterThan(0);
    for (const v of guard!.suppressedViolations ?? []) {
      expect(v.reason.length).toBeGreaterThanOrEqual(40);
    }
  });

  it('acknowledges each finding with a specific reason', () => {
    const all = acknowledgments(stack);
    expect(all.length).toBeGreaterThan(0);
    for (const { reason } of all) expect(reason.length).toBeGreaterThanOrEqual(40);
    // Nothing is waved through for the whole stack.
    expect(acknowledgments(stack).filter((a) => a.path === stack.node.path)).toEqual([]);
  });
});

describe('the nag pack', () => {
  it('reports what it should (it is not silently off)', () => {
    const probe = new Stack(new App(), 'Probe');
    new Bucket(probe, 'Unlogged');
    expect(findings(probe).some((f) => f.includes('AwsSolutions-S1'))).toBe(true);
  });

  it('fails synth on a finding once applyPolicyChecks registered it', () => {
    const app = new App();
    new Bucket(new Stack(app, 'Probe'), 'Unlogged');
    applyPolicyChecks(app);
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });

  it('fails synth on a Control Tower finding too (the guard binary runs offline)', () => {
    const app = new App({ outdir: mkdtempSync(path.join(tmpdir(), 'cpe-guard-probe-')) });
    new Bucket(new Stack(app, 'Probe'), 'Unversioned');
    applyPolicyChecks(app);
    expect(() => app.synth()).toThrow(/CT\.S3\.PR\.11/);
  });
});
