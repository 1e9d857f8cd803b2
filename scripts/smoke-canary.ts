/**
 * The smoke test (scripts/smoke-test.ts) as a CloudWatch Synthetics canary:
 * the same checks, against the distribution's own domain, on a schedule.
 * A failed check fails the run, which the canary's alarm watches. Bundled
 * by infra/lib/canary.ts into the layout the Node.js runtimes load
 * (nodejs/node_modules/smoke.js, handler smoke.handler); the stack sets
 * SITE_URL, API_DIRECT_URL and CONTACT_DIRECT_URL.
 */
import { runSmokeChecks } from './smoke-test';

export async function handler(): Promise<string> {
  const site = process.env.SITE_URL;
  if (!site) throw new Error('SITE_URL is not set');
  const results = await runSmokeChecks(site, {
    directUrls: { api: process.env.API_DIRECT_URL, contact: process.env.CONTACT_DIRECT_URL },
    // A paused cluster may take this long to answer /api/health.
    resumeWaitMs: 60_000,
  });
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.detail}`);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) {
    throw new Error(
      `${failed.length} smoke check(s) failed: ${failed.map((r) => r.name).join('; ')}`,
    );
  }
  return `${results.length} checks passed`;
}
