/**
 * A paused Aurora cluster takes 15-30 s to resume. The local Data API plays
 * one (`faults.resumingFor`), and the handlers' resume budget is cut short so
 * that the API answers 503 with Retry-After (10 s) quickly, as it would after
 * 25 s in AWS. The SPA says the database is waking up once a request is slow,
 * asks once more after the wait the server named, and shows the server's
 * message when the second answer is a 503 too. The page's clock skips that
 * wait: the database resumes when the test says so, and the requests the
 * page sends show it asked once before the wait and once after.
 */
import type { Certification } from '@cpe/shared';
import { api, createUser } from '../support/users';
import { VIEWPORTS, browserSuite, field, startSignedIn } from '../support/web-e2e';

const WAKING = 'Waking up the database, a few seconds...';
const STARTING = 'The database is starting up. Please try again shortly.';
/** The Retry-After of the API's 503. */
const RETRY_AFTER_MS = 10_000;

describe('while the database wakes up', () => {
  const suite = browserSuite({
    viewport: VIEWPORTS.phone,
    // Handlers give up on a resuming database after under a second, instead of 25 s.
    runtime: { dbResumeBudgetMs: 1_000 },
  });
  afterEach(() => suite.runtime.rdsData.faults.clear());

  /** Chromium logs every non-2xx answer; the 503s are what these tests provoke. */
  const unexpected = () => suite.problems.filter((p) => !/status of 503/.test(p));

  /** The page's requests of `method` to paths starting with `prefix`, counted from now. */
  function requestsTo(method: string, prefix: string): { count: number } {
    const seen = { count: 0 };
    suite.page.on('request', (request) => {
      if (request.method() === method && new URL(request.url()).pathname.startsWith(prefix)) {
        seen.count += 1;
      }
    });
    return seen;
  }

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
    await page.clock.install();
    // The page looks up its user first, then lists; the user lookup meets the resuming database.
    const lookups = requestsTo('GET', '/api/users/');
    const lists = requestsTo('GET', '/api/certifications/');

    runtime.rdsData.faults.resumingFor(120_000);
    const started = Date.now();
    await page.goto(suite.url('/mycertifications'));

    await page.getByRole('status').filter({ hasText: WAKING }).waitFor({ timeout: 5_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    // One request, answered 503; the page waits the Retry-After it named, not a burst of retries.
    expect(lookups.count).toBe(1);
    runtime.rdsData.faults.clear();
    await page.clock.fastForward(RETRY_AFTER_MS);
    await page.getByRole('article', { name: 'CISSP' }).waitFor();
    expect({ lookups: lookups.count, lists: lists.count }).toEqual({ lookups: 2, lists: 1 });
    // The top bar's inbox count waited too; its retry ends the notice as well.
    await page.getByText(WAKING).waitFor({ state: 'hidden' });
    expect(await page.getByText(STARTING).count()).toBe(0);
    expect(unexpected()).toEqual([]);
  }, 60_000);

  it("shows the server's message when the database is still starting after the retry", async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    await startSignedIn(suite, user);
    await page.clock.install();

    runtime.rdsData.faults.resumingFor(120_000);
    await page.goto(suite.url('/mycertifications'));
    await page.getByText(WAKING).first().waitFor({ timeout: 5_000 });
    await page.clock.fastForward(RETRY_AFTER_MS);
    await page.getByText(STARTING).waitFor();

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
    await page.clock.install();
    await page.goto(suite.url('/addcertification'));
    await page.getByRole('combobox', { name: 'Certification Name' }).fill('Waking cert');
    await field(page, 'Earned Date').fill('2025-01-01');

    // Submit looks up the page's user, then saves; the lookup meets the resuming database.
    const lookups = requestsTo('GET', '/api/users/');
    const saves = requestsTo('POST', '/api/certifications');
    runtime.rdsData.faults.resumingFor(120_000);
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.getByRole('status').filter({ hasText: WAKING }).waitFor({ timeout: 5_000 });
    expect({ lookups: lookups.count, saves: saves.count }).toEqual({ lookups: 1, saves: 0 });
    runtime.rdsData.faults.clear();
    await page.clock.fastForward(RETRY_AFTER_MS);
    await page.getByRole('article', { name: 'Waking cert' }).waitFor();
    expect({ lookups: lookups.count, saves: saves.count }).toEqual({ lookups: 2, saves: 1 });
    const stored = await api(runtime, user.accessToken).get(`/api/certifications/${user.userId}`);
    expect((stored.body as Certification[]).map((c) => c.certification_name)).toEqual([
      'Waking cert',
    ]);
    expect(unexpected()).toEqual([]);
  }, 60_000);
});
