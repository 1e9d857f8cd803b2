/**
 * Smoke test of a running stage: what a deploy must not break. Run by the
 * pipeline after each deploy, and against the local runtime in CI
 * (tests/integration/smoke.test.ts), so it is known to work before it meets AWS.
 *
 *   tsx scripts/smoke-test.ts https://cpetracker.example
 *   tsx scripts/smoke-test.ts --outputs cdk-outputs.json --stack CpeTracker-prod [--github-output $GITHUB_OUTPUT]
 *
 * With the stack's outputs it checks the distribution's own domain
 * (*.cloudfront.net, reachable from the first deploy on) and then, once DNS
 * answers for it, the custom domain too; before that it says the custom
 * domain was skipped.
 *
 * Checks: the SPA loads with its security headers; /config.json passes the
 * shared schema the SPA validates it with; /api/health answers {"status":"ok"}
 * (waiting out an Aurora resume); a protected route answers 401 without a
 * token; the contact route refuses a bad body with 400 naming the field; and,
 * given the stack's outputs, API Gateway refuses requests that skip CloudFront.
 */
import { promises as dns } from 'node:dns';
import { appendFileSync, readFileSync } from 'node:fs';
import { runtimeConfig } from '@cpe/shared/runtime-config';
import { securityHeaders } from '@cpe/shared/security-headers';

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

export interface SmokeOptions {
  /** The execute-api URLs of the stage (outputs ApiDirectUrl, ContactDirectUrl): must refuse us. */
  directUrls?: { api?: string | undefined; contact?: string | undefined };
  /** How long /api/health may answer 503 while Aurora resumes. Default 90 s. */
  resumeWaitMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** A well-formed id no record has. */
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

class CheckFailed extends Error {
  override name = 'CheckFailed';
}

function assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

function join(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

async function json(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CheckFailed(`expected JSON, got ${JSON.stringify(text.slice(0, 120))}`);
  }
}

export async function runSmokeChecks(
  siteUrl: string,
  options: SmokeOptions = {},
): Promise<CheckResult[]> {
  const get = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const request = (path: string, init?: RequestInit) =>
    get(join(siteUrl, path), { redirect: 'manual', ...init });

  const checks: [string, () => Promise<string>][] = [
    [
      'the SPA loads with its security headers',
      async () => {
        for (const path of ['/', '/certifications']) {
          const res = await request(path);
          assert(res.status === 200, `GET ${path}: ${res.status}, expected 200`);
          assert(
            (res.headers.get('content-type') ?? '').startsWith('text/html'),
            `GET ${path}: content-type ${res.headers.get('content-type')}, expected text/html`,
          );
          const body = await res.text();
          assert(
            /<script[^>]+type="module"/.test(body),
            `GET ${path}: no module script in the page`,
          );
          for (const [name, value] of Object.entries(securityHeaders())) {
            const got = res.headers.get(name);
            assert(got !== null, `GET ${path}: no ${name} header`);
            if (name === 'content-security-policy') {
              // connect-src differs by where Cognito is; the rest is fixed.
              for (const directive of [
                "default-src 'self'",
                "frame-ancestors 'none'",
                "object-src 'none'",
              ]) {
                assert(got.includes(directive), `GET ${path}: CSP lacks ${directive}`);
              }
            } else {
              assert(got === value, `GET ${path}: ${name} is ${got}, expected ${value}`);
            }
          }
        }
        return 'shell and a client route, every header of packages/shared/src/security-headers.ts';
      },
    ],
    [
      '/config.json passes the shared schema',
      async () => {
        const res = await request('/config.json');
        assert(res.status === 200, `GET /config.json: ${res.status}, expected 200`);
        const parsed = runtimeConfig.safeParse(await json(res));
        assert(
          parsed.success,
          `GET /config.json: ${parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
        return `region ${parsed.data.region}, pool ${parsed.data.userPoolId}`;
      },
    ],
    [
      '/api/health answers {"status":"ok"}',
      async () => {
        const started = Date.now();
        const budget = options.resumeWaitMs ?? 90_000;
        for (;;) {
          const res = await request('/api/health');
          // 503 + Retry-After: Aurora is resuming from 0 ACU; wait and ask again.
          if (res.status === 503 && Date.now() - started < budget) {
            await sleep(Math.min(Number(res.headers.get('retry-after') ?? 5) * 1000, 10_000));
            continue;
          }
          assert(res.status === 200, `GET /api/health: ${res.status}, expected 200`);
          const body = await json(res);
          assert(
            JSON.stringify(body) === JSON.stringify({ status: 'ok' }),
            `GET /api/health: ${JSON.stringify(body)}`,
          );
          return `in ${Date.now() - started} ms`;
        }
      },
    ],
    [
      'a protected route answers 401 without a token',
      async () => {
        const res = await request(`/api/certifications/${MISSING_ID}`);
        assert(
          res.status === 401,
          `GET /api/certifications/{id} without a token: ${res.status}, expected 401`,
        );
        return 'GET /api/certifications/{id}';
      },
    ],
    [
      'the contact route refuses a bad body with 400',
      async () => {
        const res = await request('/beta/submit', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Smoke test', email: 'not-an-email', message: 'smoke' }),
        });
        assert(
          res.status === 400,
          `POST /beta/submit with a bad email: ${res.status}, expected 400`,
        );
        const body = (await json(res)) as { errors?: Record<string, unknown> };
        assert(
          body.errors?.email !== undefined,
          `POST /beta/submit: the answer does not name email`,
        );
        return 'names the email field';
      },
    ],
  ];

  const direct = options.directUrls ?? {};
  if (direct.api || direct.contact) {
    checks.push([
      'API Gateway refuses requests that skip CloudFront',
      async () => {
        if (direct.api) {
          const res = await get(join(direct.api, '/api/health'));
          assert(res.status === 403, `GET <api>/api/health directly: ${res.status}, expected 403`);
        }
        if (direct.contact) {
          const res = await get(join(direct.contact, '/submit'), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          });
          assert(res.status === 403, `POST <contact>/submit directly: ${res.status}, expected 403`);
        }
        return 'without the key only CloudFront holds';
      },
    ]);
  }

  const results: CheckResult[] = [];
  for (const [name, check] of checks) {
    try {
      results.push({ name, ok: true, detail: await check() });
    } catch (error) {
      results.push({
        name,
        ok: false,
        detail: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return results;
}

/**
 * The sites to check from a stack's outputs: the distribution's own domain,
 * then the site URL (a custom domain) when DNS already answers for its host.
 */
export async function smokeTargets(
  outputs: Record<string, string | undefined>,
  resolves: (host: string) => Promise<boolean> = (host) =>
    dns.lookup(host).then(
      () => true,
      () => false,
    ),
): Promise<{ urls: string[]; skipped: string[] }> {
  const own = outputs.DistributionDomainName;
  const site = outputs.SiteUrl;
  if (!own && !site) throw new Error('The outputs hold neither DistributionDomainName nor SiteUrl');
  const urls = own ? [`https://${own}`] : [];
  const skipped: string[] = [];
  if (site && !urls.includes(site)) {
    if (await resolves(new URL(site).hostname)) urls.push(site);
    else skipped.push(site);
  }
  return { urls, skipped };
}

interface Args {
  siteUrl: string;
  outputs?: Record<string, string>;
  directUrls: { api?: string; contact?: string };
  githubOutput?: string | undefined;
}

function parseArgs(argv: string[]): Args {
  const flags = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) flags.set(arg.slice(2), argv[++i] ?? '');
    else positional.push(arg);
  }
  const outputsFile = flags.get('outputs');
  if (outputsFile) {
    const stack = flags.get('stack');
    const all = JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    const outputs = stack ? all[stack] : undefined;
    if (!outputs?.SiteUrl)
      throw new Error(`No SiteUrl output for stack ${stack} in ${outputsFile}`);
    return {
      siteUrl: outputs.SiteUrl,
      outputs,
      directUrls: { api: outputs.ApiDirectUrl, contact: outputs.ContactDirectUrl },
      githubOutput: flags.get('github-output'),
    };
  }
  const siteUrl = positional[0];
  if (!siteUrl)
    throw new Error('usage: smoke-test.ts <site url> | --outputs <file> --stack <name>');
  return {
    siteUrl,
    directUrls: { api: flags.get('direct-api'), contact: flags.get('direct-contact') },
    githubOutput: flags.get('github-output'),
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const { urls, skipped } = args.outputs
    ? await smokeTargets(args.outputs)
    : { urls: [args.siteUrl], skipped: [] };
  for (const url of skipped) {
    console.log(
      `${url}: DNS does not answer for it yet (point it at the distribution); not checked`,
    );
  }
  let failed = 0;
  for (const url of urls) {
    console.log(`smoke test of ${url}`);
    const results = await runSmokeChecks(url, { directUrls: args.directUrls });
    for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.detail}`);
    const bad = results.filter((r) => !r.ok).length;
    console.log(`${results.length - bad} passed, ${bad} failed`);
    failed += bad;
  }
  // The environment's link: the custom domain once it answers, else the distribution's own.
  if (args.githubOutput) appendFileSync(args.githubOutput, `site_url=${urls.at(-1)}\n`);
  if (failed > 0) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
