/**
 * Lighthouse on /, /login and /mycertifications (docs/performance.md): mobile
 * defaults (emulated phone, simulated slow 4G and CPU throttling), headless
 * system Chromium, median of 5 runs per page. / and /login are audited as a
 * new visitor sees them; /mycertifications signed in, with a user who has a
 * few certifications, so it measures the page people use rather than a
 * redirect to the login form.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Page } from 'puppeteer-core';
import { startLocalRuntime } from '@cpe/local';
import { CHROMIUM_PATH } from '@cpe/test-support/browser';
import { api, createUser } from '@cpe/test-support/users';
import { type Figure, median, report } from './report';

const RUNS = 5;
const WEB = path.resolve(__dirname, '../../packages/web');
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
const BUDGET: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
};

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
  return { scores, metrics, failures };
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

export async function benchLighthouse(options: { build?: boolean } = { build: true }) {
  if (options.build !== false) {
    execFileSync('node', ['scripts/build.mjs'], { cwd: WEB, stdio: 'inherit' });
  }
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
    for (const [name, needed] of [
      ['CISSP', 120],
      ['PMP', 60],
      ['CISA', 120],
    ] as const) {
      await client.post('/api/certifications', {
        certification_name: name,
        earned_date: '2024-01-01',
        expiry_date: '2027-01-01',
        cpe_needed: needed,
        verification_link: 'https://example.com/verify',
      });
    }
    const page = await browser.newPage();
    const figures: Figure[] = [];
    const failures = new Set<string>();
    const metricLines: string[] = [];
    // The first two as a new visitor sees them; signed in, /login only redirects.
    for (const route of ['/', '/login', '/mycertifications']) {
      if (route === '/mycertifications') await signIn(page, runtime.url, user.email, user.password);
      const runs: AuditResult[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(page, `${runtime.url}${route}`));
      for (const run of runs) for (const f of run.failures) failures.add(`${route} ${f}`);
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
          budget: BUDGET[category],
          kind: 'min',
        });
      }
    }
    const ok = report('Lighthouse, mobile defaults, headless Chromium', figures);
    console.log('\nMedian metrics (simulated mobile):');
    for (const line of metricLines) console.log(line);
    if (failures.size > 0) {
      console.log('\nAudits that cost points:');
      for (const f of failures) console.log(`- ${f}`);
    }
    return ok;
  } finally {
    await browser.close();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
