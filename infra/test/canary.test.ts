/**
 * The smoke test as a CloudWatch Synthetics canary on the stages that ask
 * for it (prod): the template, and the bundle itself run against a server.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { bundleCanary } from '../lib/canary';
import { logicalId, resources, STAGE_NAMES, STAGES, synthesized } from './support/stack';

describe.each(STAGE_NAMES)('stage %s', (stage) => {
  const entry = STAGES.stages[stage]!;
  const { template } = synthesized({ stage });

  it(`${entry.canary ? 'runs' : 'has no'} the smoke test as a canary`, () => {
    const canaries = Object.values(resources(template, 'AWS::Synthetics::Canary')).map(
      (c) => c.Properties!,
    );
    if (!entry.canary) {
      expect(canaries).toEqual([]);
      return;
    }
    const distribution = logicalId(template, 'AWS::CloudFront::Distribution', 'WebDistribution');
    const logBucket = logicalId(template, 'AWS::S3::Bucket', 'WebLogBucket');
    expect(canaries).toEqual([
      expect.objectContaining({
        RuntimeVersion: 'syn-nodejs-puppeteer-13.0',
        Schedule: expect.objectContaining({ Expression: 'rate(15 minutes)' }) as unknown,
        Code: expect.objectContaining({ Handler: 'smoke.handler' }) as unknown,
        StartCanaryAfterCreation: true,
        RunConfig: expect.objectContaining({
          EnvironmentVariables: expect.objectContaining({
            SITE_URL: {
              'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distribution, 'DomainName'] }]],
            },
          }) as unknown,
        }) as unknown,
        ArtifactS3Location: {
          'Fn::Join': ['', ['s3://', { Ref: logBucket }, '/canary']],
        },
      }),
    ]);
    const topic = { Ref: logicalId(template, 'AWS::SNS::Topic', 'AlarmsTopic') };
    const alarms = Object.values(resources(template, 'AWS::CloudWatch::Alarm'))
      .map((a) => a.Properties!)
      .filter((a) => a.Namespace === 'CloudWatchSynthetics');
    expect(alarms).toEqual([
      expect.objectContaining({
        MetricName: 'Failed',
        Threshold: 1,
        TreatMissingData: 'breaching',
        AlarmActions: [topic],
      }),
    ]);
  });
});

describe('the canary bundle', () => {
  it('runs the smoke checks and fails a run when the site answers wrongly', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('broken');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const file = path.join(bundleCanary(), 'nodejs', 'node_modules', 'smoke.js');
    // As the Synthetics runtime does: load the bundle alone and call its handler.
    const run = `require(${JSON.stringify(file)}).handler().then((r) => console.log('PASSED', r), (e) => { console.log('FAILED', e.message); process.exitCode = 1; })`;
    try {
      const result = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['-e', run], {
          env: { PATH: process.env.PATH, SITE_URL: `http://127.0.0.1:${port}` },
        });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.on('close', (code) => resolve({ code, out }));
      });
      expect(result.code).toBe(1);
      expect(result.out).toContain(
        'FAIL the SPA loads with its security headers: GET /: 500, expected 200',
      );
      expect(result.out).toMatch(/FAILED \d smoke check\(s\) failed: the SPA loads/);
    } finally {
      server.close();
    }
  }, 120_000);
});
