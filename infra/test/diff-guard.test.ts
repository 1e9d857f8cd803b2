/**
 * The guard that stops a deploy before approval when its diff would replace
 * or remove a stateful resource, on recorded `cdk diff` outputs of the prod
 * stack (made with `cdk diff --exclusively --template <old template>`):
 *
 * - fixed-names-removed: the template of the commit before issue 27 against
 *   this one, which drops the fixed names (on a deployed stack: a new
 *   cluster, new secrets, a new evidence bucket);
 * - user-pool-removed: a second user pool the new template no longer has
 *   (retained, so the CLI says "orphan");
 * - unchanged: the template against itself.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dangerousChanges, describeChange, isDiffOutput } from '../lib/diff-guard';

const FIXTURES = path.join(__dirname, 'fixtures');
const recorded = (name: string) =>
  readFileSync(path.join(FIXTURES, `cdk-diff-prod-${name}.txt`), 'utf8');

describe('the diff guard', () => {
  it('names the cluster, the secrets and the evidence bucket a change of their names would replace, and nothing else', () => {
    const changes = dangerousChanges(recorded('fixed-names-removed'));
    expect(changes.map((c) => [c.type, c.resource, c.impact])).toEqual([
      ['AWS::RDS::DBCluster', 'Data/Cluster DataCluster9E8A15F8', 'replace'],
      ['AWS::SecretsManager::Secret', 'Data/OpenAiSecret DataOpenAiSecret6F077A2E', 'replace'],
      ['AWS::SecretsManager::Secret', 'ReminderSigningKey ReminderSigningKey39C4D764', 'replace'],
      ['AWS::SecretsManager::Secret', 'Api/OriginKey ApiOriginKey30C7E160', 'replace'],
      ['AWS::S3::Bucket', 'Evidence/Bucket EvidenceBucketC67FF768', 'replace'],
    ]);
    expect(changes.every((c) => c.stack === 'CpeTracker-prod')).toBe(true);
    // The same diff replaces a log group and the writer instance and destroys a
    // Lambda version: none of them holds data the guard protects.
    expect(recorded('fixed-names-removed')).toMatch(/AWS::Logs::LogGroup .* replace/);
    expect(recorded('fixed-names-removed')).toMatch(/AWS::Lambda::Version .* destroy/);
    expect(describeChange(changes[0]!)).toBe(
      'CpeTracker-prod: AWS::RDS::DBCluster Data/Cluster DataCluster9E8A15F8 would be replaced (a new, empty one)',
    );
  });

  it('names a user pool that would leave the stack, even when retained', () => {
    expect(dangerousChanges(recorded('user-pool-removed'))).toEqual([
      {
        stack: 'CpeTracker-prod',
        type: 'AWS::Cognito::UserPool',
        resource: 'Auth/UserPool LegacyUserPool0A1B2C3D',
        impact: 'orphan',
      },
    ]);
  });

  it('passes a diff without differences', () => {
    expect(isDiffOutput(recorded('unchanged'))).toBe(true);
    expect(dangerousChanges(recorded('unchanged'))).toEqual([]);
  });

  it('reads the coloured output of a terminal the same way', () => {
    const line = recorded('user-pool-removed')
      .split('\n')
      .find((l) => l.startsWith('[-]'))!;
    const coloured = line
      .replace('[-]', '\u001b[31m[-]\u001b[39m')
      .replace(/orphan$/, '\u001b[3m\u001b[33morphan\u001b[39m\u001b[23m');
    expect(dangerousChanges(`\u001b[1mStack CpeTracker-prod\u001b[22m\n${coloured}\n`)).toEqual([
      expect.objectContaining({ stack: 'CpeTracker-prod', impact: 'orphan' }),
    ]);
  });

  describe('infra/bin/guard-diff.ts', () => {
    const run = (file: string) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(__dirname, '../bin/guard-diff.ts'), file],
        {
          encoding: 'utf8',
        },
      );

    it('fails the run with one annotation per change', () => {
      const result = run(path.join(FIXTURES, 'cdk-diff-prod-fixed-names-removed.txt'));
      expect(result.status).toBe(1);
      expect(result.stderr.match(/^::error::/gm)).toHaveLength(5);
      expect(result.stderr).toContain('::error::CpeTracker-prod: AWS::S3::Bucket Evidence/Bucket');
    });

    it('passes an unchanged stack, and refuses a file that holds no diff', () => {
      const ok = run(path.join(FIXTURES, 'cdk-diff-prod-unchanged.txt'));
      expect([ok.status, ok.stdout]).toEqual([0, expect.stringContaining('No user pool')]);
      const empty = run(path.join(__dirname, '../../package.json'));
      expect([empty.status, empty.stderr]).toEqual([
        1,
        expect.stringContaining('holds no cdk diff output'),
      ]);
    });
  });
});
