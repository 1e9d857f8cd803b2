/**
 * A paused Aurora cluster takes 15-30 s to resume. The local Data API plays
 * one (`faults.resumingFor`), and the handlers' resume budget is cut short so
 * that the API answers 503 with Retry-After (10 s) quickly, as it would after
 * 25 s in AWS. The SPA says the database is waking up once a request is slow,
 * asks once more after the wait the server named, and shows the server's
 * message when the second answer is a 503 too.
 */
import type { Certification } from '@cpe/shared';
import { api, createUser } from '../support/users';
import { VIEWPORTS, browserSuite, field, startSignedIn } from '../support/web-e2e';

const WAKING = 'Waking up the database, a few seconds...';
const STARTING = 'The database is starting up. Please try again shortly.';
/** The retry waits Retry-After (10 s) after the first 503: allow for it and the rest. */
const RETRIED_MS = 20_000;

describe('while the database wakes up', () => {
  const suite = browserSuite({
    viewport: VIEWPORTS.phone,
    // Handlers give up on a resuming database after under a second, instead of 25 s.
    runtime: { dbResumeBudgetMs: 1_000 },
  });
  afterEach(() => suite.runtime.rdsData.faults.clear());

  /** Chromium logs every non-2xx answer; the 503s are what these tests provoke. */
  const unexpected = () => suite.problems.filter((p) => !/status of 503/.test(p));

  it('says so instead of a bare spinner, asks again after Retry-After and shows the list', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    await api(runtime, user.accessToken).post('/api/certifications', {
      certification_name: 'CISSP',
      earned_date: '2024-01-15',
      expiry_date: '2027-01-15',
      cpe_needed: 120,
      verification_link: null,
    });
    await startSignedIn(suite, user);

    runtime.rdsData.faults.resumingFor(4_000);
    const started = Date.now();
    await page.goto(suite.url('/mycertifications'));

    await page.getByRole('status').filter({ hasText: WAKING }).waitFor({ timeout: 5_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    await page.getByRole('article', { name: 'CISSP' }).waitFor({ timeout: RETRIED_MS });
    // Once: the wait the server asked for (10 s), not a burst of retries.
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
    // The top bar's inbox count waited too; its retry ends the notice as well.
    await page.getByText(WAKING).waitFor({ state: 'hidden', timeout: RETRIED_MS });
    expect(await page.getByText(STARTING).count()).toBe(0);
    expect(unexpected()).toEqual([]);
  }, 60_000);

  it("shows the server's message when the database is still starting after the retry", async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    await startSignedIn(suite, user);

    runtime.rdsData.faults.resumingFor(120_000);
    await page.goto(suite.url('/mycertifications'));
    await page.getByText(WAKING).first().waitFor({ timeout: 5_000 });
    await page.getByText(STARTING).waitFor({ timeout: RETRIED_MS });

    expect(await page.getByText(WAKING).count()).toBe(0);
    runtime.rdsData.faults.clear();
    await page.getByRole('button', { name: 'Retry' }).click();
    await page
      .getByText('You have no certifications right now. Add some in!')
      .waitFor({ timeout: 10_000 });
    // The app logs the failed load it showed; nothing else went wrong.
    expect(unexpected()).toEqual([
      expect.stringMatching(new RegExp(`^Could not load certifications ApiError: ${STARTING}`)),
    ]);
  }, 60_000);

  it('says so while a form is being saved, where no spinner shows, then saves once', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    await startSignedIn(suite, user);
    await page.goto(suite.url('/addcertification'));
    await page.getByRole('combobox', { name: 'Certification Name' }).fill('Waking cert');
    await field(page, 'Earned Date').fill('2025-01-01');

    runtime.rdsData.faults.resumingFor(3_000);
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.getByRole('status').filter({ hasText: WAKING }).waitFor({ timeout: 5_000 });
    await page.getByRole('article', { name: 'Waking cert' }).waitFor({ timeout: RETRIED_MS });
    const stored = await api(runtime, user.accessToken).get(`/api/certifications/${user.userId}`);
    expect((stored.body as Certification[]).map((c) => c.certification_name)).toEqual([
      'Waking cert',
    ]);
    expect(unexpected()).toEqual([]);
  }, 60_000);
});
