/**
 * cdk-nag v3 reports through CDK's policy validation (not annotations), so
 * the pack is run on the synthesized tree directly: no finding may be left,
 * error or warning (either fails `cdk synth`), and every acknowledgment has a reason.
 */
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { applyNagChecks } from '../lib/nag';
import { buildStack, PROD_CONTEXT } from './support/stack';

const contexts = {
  prod: PROD_CONTEXT,
  dev: { stage: 'dev' },
  'custom domain': {
    stage: 'custom',
    domainName: 'cpe.example.com',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
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

describe.each(Object.entries(contexts))('cdk-nag AwsSolutions, %s', (_, context) => {
  // Registered like bin/app.ts does: synth (inside buildStack) throws on any finding.
  const { stack } = buildStack(context, { nag: true });

  it('leaves no unacknowledged finding', () => {
    expect(findings(stack)).toEqual([]);
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

  it('fails synth on a finding once applyNagChecks registered it', () => {
    const app = new App();
    new Bucket(new Stack(app, 'Probe'), 'Unlogged');
    applyNagChecks(app);
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });
});
