/**
 * Lighthouse on /, /login, /signup, /mycertifications and /account
 * (docs/performance.md): mobile defaults (emulated phone, simulated slow 4G
 * and CPU throttling), headless system Chromium, median of 5 runs per page.
 * The first three are audited as a new visitor sees them; the last two signed
 * in, with a user who holds a few certifications from the catalogue and has
 * logged activities, so they measure the pages people use rather than a
 * redirect to the login form. A page whose route the app does not have yet
 * (it answers the 404 page) is skipped, and the run says so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Page } from 'puppeteer-core';
import { startLocalRuntime } from '@cpe/local';
import { CHROMIUM_PATH } from '@cpe/test-support/browser';
import { api, createUser } from '@cpe/test-support/users';
import { BUDGETS } from './budgets';
import { type Figure, median, report } from './report';

const RUNS = 5;
const WEB = path.resolve(__dirname, '../../packages/web');
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];

/** The pages, in order: a new visitor's, then the signed-in user's. */
const PAGES: { route: string; signedIn: boolean }[] = [
  { route: '/', signedIn: false },
  { route: '/login', signedIn: false },
  { route: '/signup', signedIn: false },
  { route: '/mycertifications', signedIn: true },
  { route: '/account', signedIn: true },
];

/** The metrics the performance score is made of. */
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;
type Metric = keyof typeof METRICS;

interface AuditResult {
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  /** Audits that cost points outside performance, so a failing figure says why. */
  failures: string[];
  /** What moved, for a run whose CLS is not 0. */
  shifted: string[];
}

async function audit(page: Page, url: string): Promise<AuditResult> {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(
    url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Keeps the signed-in session (Amplify keeps its tokens in localStorage).
      disableStorageReset: true,
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const failures = (['accessibility', 'best-practices'] as const).flatMap((c) =>
    (categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}: ${ref.id}`),
  );
  const metrics = Object.fromEntries(
    Object.keys(METRICS).map((id) => [id, audits[id]?.numericValue ?? Number.NaN]),
  ) as Record<Metric, number>;
  const moved = audits['layout-shifts']?.details as
    { items?: { node?: { selector?: string }; score?: number }[] } | undefined;
  const shifted = (moved?.items ?? []).map(
    (item) => `${item.node?.selector ?? '?'} (${(item.score ?? 0).toFixed(3)})`,
  );
  return { scores, metrics, failures, shifted };
}

/** Whether the app has the route: an unknown one renders the 404 page. */
async function routeExists(page: Page, url: string): Promise<boolean> {
  await page.goto(url, { waitUntil: 'networkidle0' });
  return page.evaluate(() => document.querySelector('h1.display-404') === null);
}

async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle0' });
  await page.type('#login-email', email);
  await page.type('#login-password', password);
  await Promise.all([
    page.waitForFunction(() => location.pathname === '/'),
    page.click('button[type="submit"]'),
  ]);
}

export async function benchLighthouse() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cpe-lighthouse-'));
  const runtime = await startLocalRuntime({
    port: 0,
    dataDir,
    webDistDir: path.join(WEB, 'dist'),
    log: () => undefined,
  });
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const user = await createUser(runtime);
    const client = api(runtime, user.accessToken);
    const ids: string[] = [];
    for (const cert of [
      { certification_name: 'CISSP', catalogue_id: 'isc2-cissp', cpe_needed: 120 },
      { certification_name: 'PMP', catalogue_id: 'pmi-pmp', cpe_needed: 60 },
      { certification_name: 'CISA', catalogue_id: 'isaca-cisa', cpe_needed: 120 },
    ]) {
      const created = await client.post('/api/certifications', {
        ...cert,
        earned_date: '2024-01-01',
        expiry_date: '2027-01-01',
        verification_link: 'https://example.com/verify',
      });
      ids.push((created.body as { certification_id: string }).certification_id);
    }
    for (const [i, id] of ids.entries()) {
      await client.post('/api/activities', {
        certification_id: id,
        activity_name: `Course ${i + 1}`,
        description: '',
        cpe_units: 10 * (i + 1),
        activity_date: '2025-06-01',
      });
    }
    const page = await browser.newPage();
    const figures: Figure[] = [];
    const failures = new Set<string>();
    const shifts = new Set<string>();
    const metricLines: string[] = [];
    let signedIn = false;
    for (const { route, signedIn: needsSession } of PAGES) {
      const url = `${runtime.url}${route}`;
      if (needsSession && !signedIn) {
        await signIn(page, runtime.url, user.email, user.password);
        signedIn = true;
      }
      if (!(await routeExists(page, url))) {
        console.log(`Skipped ${route}: the app has no such route yet (it answers the 404 page).`);
        continue;
      }
      const runs: AuditResult[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(page, url));
      for (const run of runs) {
        for (const f of run.failures) failures.add(`${route} ${f}`);
        for (const moved of run.shifted) shifts.add(`${route} ${moved}`);
      }
      const medians = (Object.entries(METRICS) as [Metric, string][]).map(([id, label]) => {
        const value = median(runs.map((r) => r.metrics[id]));
        return id === 'cumulative-layout-shift'
          ? `${label} ${value.toFixed(3)}`
          : `${label} ${Math.round(value)} ms`;
      });
      metricLines.push(`- ${route}: ${medians.join(', ')}`);
      for (const category of CATEGORIES) {
        figures.push({
          what: `${route} ${category} (median of ${RUNS})`,
          value: median(runs.map((r) => r.scores[category])),
          unit: '',
          budget: BUDGETS.lighthouse[category],
          kind: 'min',
        });
      }
      // In thousandths, so a small shift does not print as 0.0 next to a budget of 0.
      figures.push({
        what: `${route} CLS in thousandths (median of ${RUNS})`,
        value: Math.round(median(runs.map((r) => r.metrics['cumulative-layout-shift'])) * 1000),
        unit: '',
        budget: BUDGETS.lighthouse.cls * 1000,
        kind: 'max',
      });
    }
    const ok = report('Lighthouse, mobile defaults, headless Chromium', figures);
    console.log('\nMedian metrics (simulated mobile):');
    for (const line of metricLines) console.log(line);
    if (failures.size > 0) {
      console.log('\nAudits that cost points:');
      for (const f of failures) console.log(`- ${f}`);
    }
    if (shifts.size > 0) {
      console.log('\nWhat moved (layout shifts):');
      for (const moved of shifts) console.log(`- ${moved}`);
    }
    return ok;
  } finally {
    await browser.close();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
