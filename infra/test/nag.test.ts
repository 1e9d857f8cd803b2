/**
 * Policy as code on every stage of infra/stages.json: cdk-nag v3 and the
 * Control Tower guard rules report through CDK's policy validation (not
 * annotations). global-setup.ts synthesizes each stage with both registered as
 * bin/app.ts does, so synth throws on any finding and `synthesized` rethrows
 * it; the validation report then shows what each check ran and left, and the
 * assembly's metadata every acknowledgment with its reason.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { applyPolicyChecks, GUARD_PLUGIN, idleControlTowerRules } from '../lib/nag';
import { CUSTOM_DOMAIN_CONTEXT, STAGE_NAMES, synthesized } from './support/stack';

const contexts: Record<string, Record<string, string>> = {
  ...Object.fromEntries(STAGE_NAMES.map((stage) => [stage, { stage }])),
  'dev with a custom domain': CUSTOM_DOMAIN_CONTEXT,
};

function findings(scope: IConstruct): string[] {
  const report = new AwsSolutionsChecks().validateScope(scope);
  return report.violations.flatMap((v) =>
    v.violatingResources.map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath}`),
  );
}

interface Report {
  pluginReports: {
    pluginName: string;
    conclusion: string;
    violations: unknown[];
    suppressedViolations?: { ruleName: string; reason: string }[];
  }[];
}

type Metadata = Record<string, { type: string; data?: unknown }[]>;

/** Every acknowledgment recorded in a stack's metadata: its construct path, rule id and reason. */
function acknowledgments(metadata: Metadata): { path: string; id: string; reason: string }[] {
  return Object.entries(metadata).flatMap(([constructPath, entries]) =>
    entries
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) =>
        Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({
          path: constructPath,
          id,
          reason,
        })),
      ),
  );
}

describe.each(Object.entries(contexts))('policy checks, %s', (_, context) => {
  // Throws what synth threw, with the checks registered like bin/app.ts does.
  const { dir, stackName, artifacts } = synthesized(context);
  const report = JSON.parse(
    readFileSync(path.join(dir, 'validation-report.json'), 'utf8'),
  ) as Report;
  const pluginReport = (name: string) => report.pluginReports.find((r) => r.pluginName === name);

  it('leaves no unacknowledged cdk-nag finding', () => {
    // A finding fails the synth, which synthesized() rethrows; the report lists
    // the pack only when it has something to report.
    expect(pluginReport(new AwsSolutionsChecks().name)?.violations ?? []).toEqual([]);
  });

  it('ran the Control Tower guard rules: no violation left, each acknowledged one with its reason', () => {
    const guard = pluginReport(GUARD_PLUGIN);
    expect(guard).toBeDefined();
    expect(guard!.violations).toEqual([]);
    expect(guard!.suppressedViolations?.length).toBeGreaterThan(0);
    for (const v of guard!.suppressedViolations ?? []) {
      expect(v.reason.length).toBeGreaterThanOrEqual(40);
    }
  });

  it('acknowledges each finding with a specific reason', () => {
    const metadataFile = artifacts[stackName]!.additionalMetadataFile!;
    const all = acknowledgments(
      JSON.parse(readFileSync(path.join(dir, metadataFile), 'utf8')) as Metadata,
    );
    expect(all.length).toBeGreaterThan(0);
    for (const { reason } of all) expect(reason.length).toBeGreaterThanOrEqual(40);
    // Nothing is waved through for the whole stack.
    expect(all.filter((a) => a.path === `/${stackName}`)).toEqual([]);
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

  it('skips only the guard rules on resource types the templates do not have', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cpe-guard-rules-'));
    const template = path.join(dir, 'template.json');
    writeFileSync(
      template,
      JSON.stringify({ Resources: { Bucket: { Type: 'AWS::S3::Bucket', Properties: {} } } }),
    );
    const idle = idleControlTowerRules([template]);
    // The S3 bucket rules run (CT.S3.PR.11 is ct-s3-pr-11), the Lambda ones are skipped.
    expect(idle).not.toContain('ct-s3-pr-11');
    expect(idle).toContain('ct-lambda-pr-2');
  });
});
