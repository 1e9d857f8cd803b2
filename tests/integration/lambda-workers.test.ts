/**
 * The local runtime runs each Lambda as Lambda does: a pool of containers
 * (worker threads) per function, one request at a time per container, the
 * bundle the stack ships with the function's own handler setting and
 * environment, its timeout enforced, and a crashed container replaced.
 * Stand-in handlers (tests/support/lambdas) take the place of the bundles
 * where a test needs a handler that waits, throws or exits.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { LAMBDA_DIST, LAMBDA_HANDLER } from '@cpe/api/functions';
import type { FunctionName, FunctionOverrides } from '@cpe/local';
import { deployedCode } from '@cpe/test-support/deployed-code';
import { type TestRuntime, startTestRuntime } from '@cpe/test-support/runtime';

const PROBE = path.resolve(__dirname, '../support/lambdas/probe.mjs');
const BROKEN_INIT = path.resolve(__dirname, '../support/lambdas/broken-init.mjs');

interface Probe {
  container: number;
  env: Record<string, string>;
}

async function get(runtime: TestRuntime, pathAndQuery: string) {
  const response = await fetch(`${runtime.url}${pathAndQuery}`);
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as Probe };
}

function start(
  functions: Partial<Record<FunctionName, FunctionOverrides>>,
  more: { integrationTimeoutMs?: number } = {},
) {
  return startTestRuntime('pglite', {
    lambda: { mode: 'workers', functions },
    ...(more.integrationTimeoutMs ? { integrationTimeoutMs: more.integrationTimeoutMs } : {}),
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('Lambda containers on worker threads', () => {
  describe('concurrency and timeouts', () => {
    let runtime: TestRuntime;
    beforeAll(async () => {
      runtime = await start(
        {
          // Answers past the integration timeout: API Gateway's 504, then Lambda stops the container.
          health: { entry: PROBE, timeoutSeconds: 7 },
          // Times out before API Gateway does: a function error, 502.
          catalogue: { entry: PROBE, timeoutSeconds: 1 },
        },
        // Generous: a cold start counts against it, and a busy machine is slow to start a container.
        { integrationTimeoutMs: 5000 },
      );
    });
    afterAll(() => runtime.destroy());

    it('runs one request at a time per container: two at once start two containers', async () => {
      const [a, b] = await Promise.all([
        get(runtime, '/api/health?wait=300'),
        get(runtime, '/api/health?wait=300'),
      ]);
      const after = await get(runtime, '/api/health');

      expect([a.status, b.status, after.status]).toEqual([200, 200, 200]);
      expect(a.json().container).not.toBe(b.json().container);
      expect([a.json().container, b.json().container]).toContain(after.json().container);
      const stats = runtime.lambda.stats().health;
      expect(stats).toMatchObject({ containers: 2, coldStarts: 2, invocations: 3 });
      expect(stats?.initMs).toHaveLength(2);
    });

    it('answers 504 past the integration timeout, and replaces the container Lambda stops', async () => {
      await get(runtime, '/api/health');
      const containers = runtime.lambda.stats().health?.containers ?? 0;

      const slow = await get(runtime, '/api/health?wait=30000');
      // The function's own timeout (7 s) stops the container that API Gateway gave up on.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const left = runtime.lambda.stats().health?.containers;
      const next = await get(runtime, '/api/health');

      expect(slow.status).toBe(504);
      expect(JSON.parse(slow.text)).toEqual({ message: 'Endpoint request timed out' });
      expect(left).toBe(containers - 1);
      expect(runtime.lambda.stats().health?.timeouts).toBe(1);
      expect(next.status).toBe(200);
    });

    it('answers 502 when the function times out before API Gateway does', async () => {
      await get(runtime, '/api/catalogue');
      const first = await get(runtime, '/api/catalogue?wait=4000');
      const again = await get(runtime, '/api/catalogue');

      expect(first.status).toBe(502);
      expect(JSON.parse(first.text)).toEqual({ message: 'Internal server error' });
      expect(again.status).toBe(200);
      expect(runtime.lambda.stats().catalogue).toMatchObject({ timeouts: 1, coldStarts: 2 });
    });
  });

  describe('crashes', () => {
    let runtime: TestRuntime;
    beforeAll(async () => {
      runtime = await start({
        health: { entry: PROBE },
        catalogue: { entry: BROKEN_INIT },
      });
    });
    afterAll(() => runtime.destroy());

    it('answers 502 when the container exits mid-request, then serves from a new one', async () => {
      const before = (await get(runtime, '/api/health')).json().container;

      const crashed = await get(runtime, '/api/health?exit=1');
      const after = await get(runtime, '/api/health');

      expect(crashed.status).toBe(502);
      expect(JSON.parse(crashed.text)).toEqual({ message: 'Internal server error' });
      expect(after.status).toBe(200);
      expect(after.json().container).not.toBe(before);
      expect(runtime.lambda.stats().health).toMatchObject({ crashes: 1, containers: 1 });
    });

    it('answers 502 for a function error and keeps the container, as Lambda does', async () => {
      const before = (await get(runtime, '/api/health')).json().container;

      const failed = await get(runtime, '/api/health?throw=1');
      const after = await get(runtime, '/api/health');

      expect(failed.status).toBe(502);
      expect(after.json().container).toBe(before);
    });

    it('answers 502 for every request while the module fails at load, and stays up', async () => {
      const first = await get(runtime, '/api/catalogue');
      const second = await get(runtime, '/api/catalogue');
      const health = await get(runtime, '/api/health');

      expect([first.status, second.status]).toEqual([502, 502]);
      expect(JSON.parse(first.text)).toEqual({ message: 'Internal server error' });
      expect(health.status).toBe(200);
      expect(runtime.lambda.stats().catalogue).toMatchObject({ crashes: 2, containers: 0 });
    });
  });

  describe('bounded pools', () => {
    let runtime: TestRuntime;
    beforeAll(async () => {
      runtime = await start({ health: { entry: PROBE, maxContainers: 2, idleMs: 1500 } });
    });
    afterAll(() => runtime.destroy());

    it('runs a burst past the bound on the bounded number of containers, one request at a time each', async () => {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => get(runtime, '/api/health?wait=300')),
      );

      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.json().container)).size).toBe(2);
      expect(runtime.lambda.stats().health).toMatchObject({
        containers: 2,
        coldStarts: 2,
        invocations: 5,
      });
    });

    it('stops containers left idle, and starts a new one for the next request', async () => {
      await get(runtime, '/api/health');
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const idle = runtime.lambda.stats().health;

      const next = await get(runtime, '/api/health');

      expect(idle).toMatchObject({ containers: 0, reaped: 2 });
      expect(next.status).toBe(200);
      expect(runtime.lambda.stats().health).toMatchObject({ containers: 1, coldStarts: 3 });
    });
  });

  describe('environment', () => {
    const runtimes: TestRuntime[] = [];
    beforeAll(async () => {
      const functions = { health: { entry: PROBE }, contact: { entry: PROBE } };
      runtimes.push(await start(functions));
      runtimes.push(await start(functions));
    }, 240_000);
    afterAll(() => Promise.all(runtimes.map((r) => r.destroy())));

    it("gives each function the stack's environment for its needs, pointed at its own runtime", async () => {
      const [one, two] = runtimes as [TestRuntime, TestRuntime];

      const health = (await get(one, '/api/health')).json().env;
      const contact = await fetch(`${one.url}/beta/submit`, { method: 'POST', body: '{}' });
      const contactEnv = ((await contact.json()) as Probe).env;
      const otherHealth = (await get(two, '/api/health')).json().env;

      expect(health).toMatchObject({
        AWS_REGION: 'ap-southeast-2',
        AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
        AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
        AWS_ENDPOINT_URL_RDS_DATA: `${one.url}/_aws/rds-data`,
        DB_NAME: 'cpe',
      });
      expect(health.DB_CLUSTER_ARN).toMatch(/^arn:aws:rds:/);
      // No 'mail' need: no SES endpoint and no contact settings.
      expect(health).not.toHaveProperty('AWS_ENDPOINT_URL_SESV2');
      expect(health).not.toHaveProperty('CONTACT_TO_ADDRESS');
      expect(health).not.toHaveProperty('AWS_ENDPOINT_URL_SECRETS_MANAGER');
      expect(contactEnv).toMatchObject({
        AWS_ENDPOINT_URL_SESV2: `${one.url}/_aws/ses`,
        AWS_ENDPOINT_URL_RDS_DATA: `${one.url}/_aws/rds-data`,
      });
      expect(otherHealth.AWS_ENDPOINT_URL_RDS_DATA).toBe(`${two.url}/_aws/rds-data`);
    });

    it('runs, by default, the very bundles the CDK app deploys, byte for byte, with their handler setting', async () => {
      const runtime = await startTestRuntime('pglite');
      try {
        const health = await fetch(`${runtime.url}/api/health`);
        const ran = {
          health: runtime.lambda.stats().health?.code,
          migrate: runtime.lambda.stats().migrate?.code,
        };
        const deployed = {
          health: await deployedCode('health'),
          migrate: await deployedCode('migrate'),
        };

        expect(health.status).toBe(200);
        expect(runtime.lambda.mode).toBe('workers');
        expect(runtime.lambda.stats().health).toMatchObject({ coldStarts: 1, invocations: 1 });
        expect(runtime.lambda.stats().migrate).toMatchObject({ invocations: 1 });
        for (const name of ['health', 'migrate'] as const) {
          expect(deployed[name].handler).toBe(LAMBDA_HANDLER);
          expect(ran[name]?.file).toBe(path.join(LAMBDA_DIST, name, 'index.js'));
          expect(ran[name]?.sha256).toBe(sha256(deployed[name].index));
        }
      } finally {
        await runtime.destroy();
      }
    }, 120_000);
  });
});
