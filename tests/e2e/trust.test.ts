/**
 * An hour of use as a CISSP + CISA + PMP holder would, in a real browser at
 * 1280x800 and 390x844, on 2026-11-26 (the runtime's clock and the page's):
 * a draft that survives a sign-out in another tab and a reload, one figure
 * per unit with shared activities counted once, the body's words and no
 * future dates, proof chosen with a new activity, readiness problems fixed in
 * place, the way around (and Back out of a dialog), a catalogue that says
 * when it cannot answer, and a front door that shows the product.
 */
import { readFile } from 'node:fs/promises';
import { ManualClock } from '@cpe/local/clock';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { type ApiClient, activitiesOf, createActivity, createCertification } from '../support/api';
import { type TestUser, api, createUser } from '../support/users';
import { type BrowserSuite, browserSuite, field, topBar, startSignedIn } from '../support/web-e2e';

jest.setTimeout(120_000);

const NOW = '2026-11-26T09:00:00Z';
const TODAY = '2026-11-26';
const TOMORROW = '2026-11-27';

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
type Size = keyof typeof SIZES;

interface Holder {
  user: TestUser;
  client: ApiClient;
  ids: { CISSP: string; CISA: string; PMP: string };
}

/** A holder of a CISSP, a CISA and a PMP, from the catalogue, as the bodies set them. */
async function holder(suite: BrowserSuite): Promise<Holder> {
  const user = await createUser(suite.runtime);
  const client = api(suite.runtime, user.accessToken);
  const certs = [
    ['CISSP', 'isc2-cissp', '2024-07-01', '2027-06-30', 120],
    ['CISA', 'isaca-cisa', '2023-06-15', '2026-12-31', 120],
    ['PMP', 'pmi-pmp', '2025-03-01', '2028-02-29', 60],
  ] as const;
  const ids: Record<string, string> = {};
  for (const [name, catalogue, earned, expiry, needed] of certs) {
    const created = await createCertification(client, {
      certification_name: name,
      catalogue_id: catalogue,
      earned_date: earned,
      expiry_date: expiry,
      cpe_needed: needed,
      verification_link: null,
    });
    ids[name] = created.certification_id;
  }
  return { user, client, ids: ids as Holder['ids'] };
}

async function addActivity(
  client: ApiClient,
  body: {
    certification_id: string;
    activity_name: string;
    cpe_units: number;
    activity_date: string;
    provider?: string | null;
    credits?: { certification_id: string }[];
  },
): Promise<string> {
  const created = await createActivity(client, { description: '', ...body });
  return created.activity_id;
}

async function signIn(page: Page, user: TestUser) {
  await field(page, 'Email').fill(user.email);
  await field(page, 'Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs out in a second tab of the same browser, as a user with two tabs open would. */
async function signOutInAnotherTab(suite: BrowserSuite, size: Size) {
  const other = await suite.page.context().newPage();
  await other.goto(suite.url('/'));
  await other.getByRole('link', { name: 'Track my CPEs' }).waitFor();
  await (await topBar(other, size)).getByRole('button', { name: 'Log Out' }).click();
  // The second tab signs out through Cognito and renders the landing page while the
  // first tab's runtime and a parallel suite share two cores: it gets the suite's time.
  await other
    .getByRole('link', { name: 'Start Tracking Your CPEs Now!' })
    .waitFor({ timeout: 90_000 })
    .catch(async (error: unknown) => {
      // What the tab shows instead, for the report.
      const shown = await other.locator('body').innerText();
      throw new Error(`The other tab stayed at ${other.url()} showing:\n${shown}`, {
        cause: error,
      });
    });
  await other.close();
  await suite.page.bringToFront();
}

/** A one-page PDF, as small as a certificate of attendance gets. */
function pdf(text: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

/** Console problems besides the ones a test causes on purpose. */
const unexpected = (problems: string[], expected: RegExp[] = []) =>
  problems.filter((p) => !expected.some((e) => e.test(p)));

describe.each(Object.keys(SIZES) as Size[])('trust (%s)', (size) => {
  const clock = new ManualClock(NOW);
  const suite = browserSuite({ viewport: SIZES[size], runtime: { clock } });

  beforeEach(async () => {
    // The page's today is the runtime's: the year's credits and the latest date allowed.
    await suite.page.clock.setFixedTime(new Date(NOW));
    // A reload with unsaved input asks first; the user goes ahead.
    suite.page.on('dialog', (dialog) => void dialog.accept());
  });

  it('1. a sign-out in another tab keeps the entry: /login says why, and signing in returns to the form and saves it; a reload keeps a draft too', async () => {
    const { page } = suite;
    const { user, client, ids } = await holder(suite);
    await startSignedIn(suite, user);

    await page.goto(suite.url(`/addactivity/${ids.CISSP}`));
    await page.getByText('For CISSP', { exact: true }).waitFor();
    await field(page, 'Name').fill('Threat modelling workshop');
    await field(page, 'CPE Units').fill('4');
    await field(page, 'Date').fill('2026-11-02');
    await signOutInAnotherTab(suite, size);
    await page.getByRole('button', { name: 'Add', exact: true }).click();

    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await page.getByText('Your session has ended').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await activitiesOf(client, ids.CISSP)).map((a) => a.activity_name)).toEqual([]);

    await signIn(page, user);
    // Back on the form, which makes the save that was refused, then goes to the list.
    await page.waitForURL(suite.url('/mycertifications'));
    const saved = await activitiesOf(client, ids.CISSP);
    expect(saved.map((a) => [a.activity_name, a.activity_date])).toEqual([
      ['Threat modelling workshop', '2026-11-02'],
    ]);

    // A reload of a form keeps what was typed, and says so.
    await page.goto(suite.url('/addcertification'));
    await page.getByRole('combobox', { name: 'Certification Name' }).fill('CCSP');
    await field(page, 'Earned Date').fill('2025-01-15');
    await page.reload();
    await page.getByText('What you had typed here and not saved yet is back.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Certification Name' }).inputValue()).toBe(
      'CCSP',
    );
    expect(await field(page, 'Earned Date').inputValue()).toBe('2025-01-15');
    expect(unexpected(suite.problems)).toEqual([]);
  });

  it("3. this year's credits: an activity shared by the CISSP and the CISA counts once, and CPEs are never added to PDUs", async () => {
    const { page } = suite;
    const { user, client, ids } = await holder(suite);
    await addActivity(client, {
      certification_id: ids.CISSP,
      activity_name: 'Cloud security webinar',
      cpe_units: 2,
      activity_date: '2026-03-12',
      credits: [{ certification_id: ids.CISA }],
    });
    await addActivity(client, {
      certification_id: ids.CISA,
      activity_name: 'Audit standards course',
      cpe_units: 20,
      activity_date: '2026-05-04',
    });
    await addActivity(client, {
      certification_id: ids.PMP,
      activity_name: 'Agile leadership course',
      cpe_units: 25,
      activity_date: '2026-02-01',
    });
    await startSignedIn(suite, user);

    await page.goto(suite.url('/mycertifications'));
    const tile = page
      .getByRole('region', { name: 'Summary' })
      .locator('.summary-tile', { hasText: 'Earned in 2026' });
    await tile.getByText('22 CPEs · 25 PDUs').waitFor();
    // Pace reads with its unit, as the engine rounds it.
    expect(
      await page.getByRole('article', { name: 'PMP' }).locator('.cert-status-detail').textContent(),
    ).toMatch(/[\d.]+ PDUs a month to finish\.$/);
    expect(unexpected(suite.problems)).toEqual([]);
  });

  it("4. the forms name a PMP's PDUs, and a date after today is refused on the form (today is not)", async () => {
    const { page } = suite;
    const { user, client, ids } = await holder(suite);
    await startSignedIn(suite, user);

    await page.goto(suite.url('/addcertification'));
    await page.getByRole('combobox', { name: 'Certification Name' }).fill('pmp');
    await page
      .getByRole('listbox', { name: 'Certifications in the catalogue' })
      .getByRole('option', { name: /^PMP Project Management Professional/ })
      .click();
    expect(await field(page, 'Number of PDUs Needed').inputValue()).toBe('60');
    expect(await page.getByLabel(/CPEs Needed/).count()).toBe(0);

    await page.goto(suite.url(`/addactivity/${ids.PMP}`));
    await page.getByText('For PMP', { exact: true }).waitFor();
    expect(await page.getByLabel('CPE Units').count()).toBe(0);
    await page.getByText('The PDUs it earns toward PMP; leave empty for 0.').waitFor();
    await field(page, 'Name').fill('Risk webinar');
    await field(page, 'PDUs').fill('1.5');
    await field(page, 'Date').fill(TOMORROW);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Date must be today or earlier').waitFor();
    expect(await field(page, 'Date').getAttribute('aria-invalid')).toBe('true');
    expect(await activitiesOf(client, ids.PMP)).toEqual([]);

    await field(page, 'Date').fill(TODAY);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL(suite.url('/mycertifications'));
    expect((await activitiesOf(client, ids.PMP)).map((a) => a.activity_date)).toEqual([TODAY]);
    expect(unexpected(suite.problems)).toEqual([]);
  });

  it('5. proof chosen while creating an activity is uploaded and attached with the save', async () => {
    const { page } = suite;
    const { user, client, ids } = await holder(suite);
    await startSignedIn(suite, user);

    await page.goto(suite.url(`/addactivity/${ids.CISSP}`));
    await page.getByText('For CISSP', { exact: true }).waitFor();
    await field(page, 'Name').fill('Threat modelling workshop');
    await field(page, 'CPE Units').fill('4');
    await field(page, 'Date').fill('2026-10-14');
    await page.getByLabel('Proof files').setInputFiles({
      name: 'workshop.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('Certificate of attendance'),
    });
    await page
      .getByRole('list', { name: 'Proof files to attach' })
      .getByText('workshop.pdf')
      .waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL(suite.url('/mycertifications'));

    const [saved] = await activitiesOf(client, ids.CISSP);
    expect(saved?.activity_name).toBe('Threat modelling workshop');
    expect(saved?.files.map((f) => f.file_name)).toEqual(['workshop.pdf']);
    expect(unexpected(suite.problems)).toEqual([]);
  });

  it('7. readiness fixes in place: "Not submitted" is checked on the page, a missing provider opens the editor at it and comes back; progress first on a phone', async () => {
    const { page } = suite;
    const { user, client, ids } = await holder(suite);
    await addActivity(client, {
      certification_id: ids.CISA,
      activity_name: 'Controls webinar',
      cpe_units: 45,
      activity_date: '2025-02-10',
    });
    await startSignedIn(suite, user);

    await page.goto(suite.url(`/readiness/${ids.CISA}`));
    const problems = page.getByRole('list', { name: 'Problems' });
    await problems.waitFor();
    const badges = () => problems.locator('.problem-badge').allTextContents();
    expect(await badges()).toEqual(
      expect.arrayContaining(['No proof', 'No provider', 'Not submitted']),
    );

    // Where the cycle stands: first on a phone, beside the lists on a desktop.
    const progress = await page
      .getByRole('region', { name: 'Progress in this cycle' })
      .boundingBox();
    const rejectHeading = await page
      .getByRole('heading', { name: 'What an auditor would reject' })
      .boundingBox();
    if (size === 'phone') expect(progress?.y).toBeLessThan(rejectHeading?.y ?? 0);
    else expect(progress?.x).toBeGreaterThan(rejectHeading?.x ?? 0);

    await problems.getByRole('button', { name: 'Mark Controls webinar as submitted' }).click();
    await page.getByText('Controls webinar is marked as submitted to the body’s portal.').waitFor();
    expect(await badges()).not.toContain('Not submitted');
    expect(new URL(page.url()).pathname).toBe(`/readiness/${ids.CISA}`);

    await problems.getByRole('link', { name: 'Add the provider of Controls webinar' }).click();
    await page.getByRole('heading', { name: 'Update Activity' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'field-provider');
    await page.keyboard.type('ISACA');
    await page.getByRole('button', { name: 'Update', exact: true }).click();

    await page.waitForURL(suite.url(`/readiness/${ids.CISA}`));
    await problems.waitFor();
    expect(await badges()).toEqual(['No proof']);
    expect(unexpected(suite.problems)).toEqual([]);
  });

  it('8. My Certifications in the top bar; signing in returns to the page that asked for it; Back closes the Activities dialog before leaving the list', async () => {
    const { page } = suite;
    const { user, client, ids } = await holder(suite);
    await addActivity(client, {
      certification_id: ids.CISSP,
      activity_name: 'Security conference',
      cpe_units: 16,
      activity_date: '2026-10-20',
    });

    // A protected page sends the visitor to /login, and signing in leads back to it.
    await page.goto(suite.url(`/readiness/${ids.CISSP}`));
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await signIn(page, user);
    await page.waitForURL(suite.url(`/readiness/${ids.CISSP}`));
    await page.getByRole('heading', { name: 'Audit Readiness' }).waitFor();

    // Home, then the top bar's link to the list.
    await page.goto(suite.url('/'));
    await (await topBar(page, size)).getByRole('link', { name: 'My Certifications' }).click();
    await page.waitForURL(suite.url('/mycertifications'));

    const card = page.getByRole('article', { name: 'CISSP' });
    await card.getByRole('button', { name: 'View Activities' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activities for CISSP' });
    await dialog.getByText('Security conference').waitFor();
    await page.goBack();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/mycertifications');
    await page.goBack();
    await page.waitForURL(suite.url('/'));
    expect(unexpected(suite.problems)).toEqual([]);
  });

  it('11. when the catalogue cannot be reached, the name field says so, and Retry brings the suggestions', async () => {
    const { page } = suite;
    const { user } = await holder(suite);
    await startSignedIn(suite, user);
    await page.goto(suite.url('/addcertification'));
    const name = page.getByRole('combobox', { name: 'Certification Name' });
    await name.waitFor();

    const catalogue = (url: URL) => url.pathname === '/api/catalogue';
    await page.route(catalogue, (route) => route.abort('connectionfailed'));
    await name.fill('cissp');
    await page
      .getByText('The catalogue could not be reached, so no suggestions are shown.')
      .waitFor();

    await page.unroute(catalogue);
    await page.getByRole('button', { name: 'Retry suggestions' }).click();
    await page
      .getByRole('listbox', { name: 'Certifications in the catalogue' })
      .getByRole('option', { name: /^CISSP Certified Information Systems Security Professional/ })
      .waitFor();
    expect(
      await page.getByText('The catalogue could not be reached', { exact: false }).count(),
    ).toBe(0);
    expect(unexpected(suite.problems, [/ERR_CONNECTION_FAILED|net::ERR_/])).toEqual([]);
  });

  it("11. the audit report names the holder and the member ID typed on the certification's form", async () => {
    const { page } = suite;
    const { user, client, ids } = await holder(suite);
    expect(
      (await client.put('/api/account/settings', { holder_name: 'Ada Lovelace' })).status,
    ).toBe(200);
    await startSignedIn(suite, user);

    await page.goto(suite.url(`/updatecertification/${ids.CISSP}`));
    const member = field(page, 'Member ID');
    await member.waitFor();
    await member.fill(' ISC2-123456 ');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL(suite.url('/mycertifications'));

    await page.goto(suite.url(`/readiness/${ids.CISSP}`));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV' }).click(),
    ]);
    const rows: string[][] = parse(await readFile(await download.path()), {
      bom: true,
      relax_column_count: true,
    });
    expect(rows).toContainEqual(['Holder', `Ada Lovelace (${user.email})`]);
    expect(rows).toContainEqual(['Member ID', 'ISC2-123456']);
    expect(unexpected(suite.problems)).toEqual([]);
  });

  it('12. the front door shows the product: a real poster, what it does, the bodies, privacy and price; the empty list offers the most held as one-click starts', async () => {
    const { page } = suite;
    await page.goto(suite.url('/'));
    await page.getByRole('heading', { level: 1, name: 'Track your CPEs with ease' }).waitFor();
    await page.getByRole('link', { name: 'Start Tracking Your CPEs Now!' }).waitFor();
    const poster = page.getByRole('img', { name: /^Screenshot of CPE Tracker/ });
    await poster.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('.video-poster-image') as HTMLImageElement).naturalWidth > 0,
    );
    // The screenshot fills the 16:9 box: no blue frame holding a line of text.
    const box = await poster.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(Math.abs(((box?.width ?? 0) * 9) / 16 - (box?.height ?? 0))).toBeLessThan(2);

    await page.getByRole('heading', { name: 'What it does' }).waitFor();
    await page.getByRole('heading', { name: 'Know what an auditor would reject' }).waitFor();
    // The bodies come from the catalogue once their section comes near the screen.
    await page
      .getByRole('heading', { name: 'The bodies whose rules it knows' })
      .scrollIntoViewIfNeeded();
    const bodies = page.getByRole('list', { name: 'Certification bodies' });
    await bodies.waitFor();
    const names = await bodies.locator('li > .fw-semibold').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['ISC2', 'ISACA', 'PMI', 'CompTIA']));
    await page.getByText(/^Private: /).waitFor();
    await page.getByText(/^Free: /).waitFor();

    // A new user's empty list: the spec's text, a button, and the most held to start from.
    const user = await createUser(suite.runtime);
    await startSignedIn(suite, user);
    await page.goto(suite.url('/mycertifications'));
    await page.getByText('You have no certifications right now. Add some in!').waitFor();
    await page.getByRole('link', { name: 'Add a certification' }).waitFor();
    const starts = page.getByRole('list', { name: 'Most held certifications' });
    await starts.getByRole('link', { name: 'Add CISSP (ISC2)' }).click();
    await page.waitForURL(suite.url('/addcertification?catalogue=isc2-cissp'));
    await page.getByRole('region', { name: 'Rules of CISSP' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Certification Name' }).inputValue()).toBe(
      'CISSP',
    );
    expect(unexpected(suite.problems)).toEqual([]);
  });
});
