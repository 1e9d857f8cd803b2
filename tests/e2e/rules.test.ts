/**
 * What the rules engine says about a certification, as a user sees it in a
 * real browser at desktop and phone sizes, on 2026-11-26 (the runtime's
 * clock and the page's): the expiry the catalogue prefills, the status, the
 * reporting year that is short, the rules not met with their figures, a
 * renewal refused with them or made to the next cycle, and a certification
 * with nothing to renew. Each test signs up its own user through the app;
 * the data the checks need is made through the API with that user's token.
 */
import { ManualClock } from '@cpe/local/clock';
import { API_MESSAGES } from '@cpe/shared/messages';
import type { Page } from 'playwright-core';
import type { User } from '@cpe/shared';
import {
  type ApiClient,
  type CertificationBody,
  bodyOf,
  certificationsOf,
  createActivity,
  createCertification,
} from '../support/api';
import { api, signIn, uniqueEmail } from '../support/users';
import { type BrowserSuite, browserSuite, codeFor, field } from '../support/web-e2e';

const NOW = '2026-11-26T09:00:00Z';
const PASSWORD = 'correct horse battery';

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const card = (page: Page, name: string) => page.getByRole('article', { name });

/** `YYYY-MM-DD` as the page shows it (its own locale's short date). */
function shown(page: Page, iso: string): Promise<string> {
  return page.evaluate((date) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return new Intl.DateTimeFormat(undefined, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    }).format(new Date(y, m - 1, d));
  }, iso);
}

/** Signs up through the app (terms, emailed code) and answers an API client with the user's token. */
async function signUp(suite: BrowserSuite) {
  const { page, runtime } = suite;
  const email = uniqueEmail('rules');
  await page.goto(suite.url('/signup'));
  await page.getByRole('heading', { name: 'Create Account' }).waitFor();
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await page.getByLabel('I accept the Terms and Conditions').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByText("We've sent a code to your email. Please enter it here.").waitFor();
  await page.getByLabel('Confirmation code').fill(await codeFor(runtime, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  // The spec's 3 s before home (the journey and auth suites wait it out): the page's clock skips it.
  await page.getByText('You have been registered successfully. Redirecting to login...').waitFor();
  await page.clock.fastForward(3000);
  await page.getByRole('link', { name: 'Track my CPEs' }).waitFor({ timeout: 10_000 });

  const tokens = await signIn(runtime, email, PASSWORD);
  const client = api(runtime, tokens.accessToken);
  const me = await client.get<User>(`/api/users/${encodeURIComponent(email)}`);
  return { email, client, userId: bodyOf(me).user_id };
}

const newCertification = (client: ApiClient, body: CertificationBody) =>
  createCertification(client, { verification_link: null, ...body });

async function addActivity(
  client: ApiClient,
  certificationId: string,
  activity: { date: string; units: number; category?: string; name?: string },
) {
  await createActivity(client, {
    certification_id: certificationId,
    activity_name: activity.name ?? `Course of ${activity.date}`,
    description: '',
    cpe_units: activity.units,
    activity_date: activity.date,
    category: activity.category ?? null,
  });
}

async function openList(suite: BrowserSuite, name: string) {
  await suite.page.goto(suite.url('/mycertifications'));
  await card(suite.page, name).waitFor();
}

/** The lines of the card's "Not met yet" list. */
function notMetYet(page: Page, name: string): Promise<string[]> {
  return card(page, name)
    .getByRole('list', { name: `Not met yet ${name}` })
    .getByRole('listitem')
    .allTextContents();
}

describe.each(Object.keys(SIZES) as (keyof typeof SIZES)[])('certification rules (%s)', (size) => {
  const clock = new ManualClock(NOW);
  const suite = browserSuite({ viewport: SIZES[size], runtime: { clock } });

  beforeEach(async () => {
    // The page's today is the runtime's: the reporting year and the days left are counted from it.
    await suite.page.clock.setFixedTime(new Date(NOW));
  });

  it('a CISA from the catalogue earned 2023-06-15 is prefilled to expire 2026-12-31 and is not expired on 2026-11-26', async () => {
    const { page } = suite;
    const { client, userId } = await signUp(suite);
    await page.goto(suite.url('/addcertification'));

    await page.getByRole('combobox', { name: 'Certification Name' }).click();
    await page.keyboard.type('cisa');
    await page
      .getByRole('listbox', { name: 'Certifications in the catalogue' })
      .getByRole('option', { name: /^CISA Certified Information Systems Auditor/ })
      .click();
    await field(page, 'Earned Date').fill('2023-06-15');

    expect(await field(page, 'Expiry Date').inputValue()).toBe('2026-12-31');
    const rules = page.getByRole('region', { name: 'Rules of CISA' });
    expect(await rules.textContent()).toContain(
      `With these dates, the cycle runs ${await shown(page, '2024-01-01')} to ${await shown(page, '2026-12-31')}.`,
    );
    await page.getByRole('button', { name: 'Submit' }).click();

    await card(page, 'CISA').waitFor();
    const cisa = card(page, 'CISA');
    expect(await cisa.getByText('Expired', { exact: true }).count()).toBe(0);
    expect(await cisa.getByText('Expires soon', { exact: true }).count()).toBe(1);
    expect(await cisa.textContent()).toContain('Expires in 35 days');
    expect(
      await cisa.getByText('Expiry Date', { exact: true }).locator('xpath=..').textContent(),
    ).toBe(`Expiry Date${await shown(page, '2026-12-31')}`);
    const [stored] = await certificationsOf(client, userId);
    expect(stored).toMatchObject({
      catalogue_id: 'isaca-cisa',
      earned_date: '2023-06-15',
      expiry_date: '2026-12-31',
    });
    expect(suite.problems).toEqual([]);
  });

  it('a CISA with 20 CPEs in 2024, 100 in 2025 and none in 2026 is not ready to renew, and says 2026 is short', async () => {
    const { page } = suite;
    const { client } = await signUp(suite);
    const cisa = await newCertification(client, {
      certification_name: 'CISA',
      catalogue_id: 'isaca-cisa',
      earned_date: '2023-06-15',
      expiry_date: '2026-12-31',
      cpe_needed: 120,
    });
    await addActivity(client, cisa.certification_id, { date: '2024-05-14', units: 20 });
    await addActivity(client, cisa.certification_id, { date: '2025-03-03', units: 100 });

    await openList(suite, 'CISA');
    const shownCard = card(page, 'CISA');
    // 120 logged, but 2026's 20 are still to earn: 100 of 120.
    expect(await shownCard.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('83');
    expect(await shownCard.getByText('Ready to renew', { exact: true }).count()).toBe(0);
    expect(await notMetYet(page, 'CISA')).toEqual([
      '2026: 0 of the 20 CPEs required each year (20 to go).',
    ]);

    await shownCard.getByRole('button', { name: 'Renew' }).click();
    const alert = shownCard.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(API_MESSAGES.rulesUnmet);
    expect(await alert.getByRole('listitem').allTextContents()).toEqual([
      '2026: 0 of 20 CPEs (20 to go)',
    ]);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The readiness page states every requirement of the cycle and the years.
    await shownCard.getByRole('button', { name: 'Audit Readiness' }).click();
    const requirements = page.getByRole('list', { name: 'Requirements' });
    await requirements.waitFor();
    expect(await requirements.getByRole('listitem').allTextContents()).toEqual([
      'MetTotal: 120 of 120 CPEs, met',
      'Met2024: 20 of 20 CPEs, met',
      'Met2025: 100 of 20 CPEs, met',
      'Short2026: 0 of 20 CPEs (20 to go)',
    ]);
    expect(await page.getByRole('table', { name: 'Reporting years' }).textContent()).toContain(
      '2026020 CPEs',
    );
    expect(suite.problems).toEqual([]);
  });

  it('a PMP with 40 Giving Back and 20 Ways of Working PDUs names the rules it does not meet, and Renew refuses with them', async () => {
    const { page } = suite;
    const { client } = await signUp(suite);
    const pmp = await newCertification(client, {
      certification_name: 'PMP',
      catalogue_id: 'pmi-pmp',
      earned_date: '2024-01-15',
      expiry_date: '2027-01-14',
      cpe_needed: 60,
    });
    await addActivity(client, pmp.certification_id, {
      name: 'Mentoring',
      date: '2024-06-01',
      units: 40,
      category: 'giving-back',
    });

    // The Ways of Working PDUs are added in the form, with their category.
    await page.goto(suite.url(`/addactivity/${pmp.certification_id}`));
    await page.getByText('For PMP').waitFor();
    await field(page, 'Name').fill('Agile course');
    await field(page, 'PDUs').fill('20');
    await field(page, 'Date').fill('2024-07-01');
    await page
      .getByRole('combobox', { name: 'Category', exact: true })
      .selectOption({ label: 'Education: Ways of Working' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'My Certifications' }).waitFor();

    const shownCard = card(page, 'PMP');
    await shownCard.waitFor();
    expect(
      await shownCard.getByText('PDUs Earned', { exact: true }).locator('xpath=..').textContent(),
    ).toBe('PDUs Earned45');
    expect(await notMetYet(page, 'PMP')).toEqual([
      'Total: 45 of 60 PDUs (15 to go)',
      'Education: 20 of 35 PDUs (15 to go)',
      'Education: Power Skills: 0 of 8 PDUs (8 to go)',
      'Education: Business Acumen: 0 of 8 PDUs (8 to go)',
    ]);
    expect(await shownCard.textContent()).toContain(
      'Giving Back: 40 PDUs earned, 25 count (cap 25): credits count only up to the cap.',
    );

    await shownCard.getByRole('button', { name: 'Renew' }).click();
    const alert = shownCard.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(API_MESSAGES.insufficientCpes);
    expect(await alert.getByRole('listitem').allTextContents()).toEqual([
      'Total: 45 of 60 PDUs (15 to go)',
      'Education: 20 of 35 PDUs (15 to go)',
      'Education: Power Skills: 0 of 8 PDUs (8 to go)',
      'Education: Business Acumen: 0 of 8 PDUs (8 to go)',
    ]);

    // The server refuses the same way, naming the same rules.
    const refused = await client.put(`/api/renewCertification/${pmp.certification_id}`, {
      expiry_date: '2027-01-14',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: API_MESSAGES.insufficientCpes,
      unmet: [
        { id: 'total', message: 'Total: 45 of 60 PDUs (15 to go)' },
        { id: 'category:education', message: 'Education: 20 of 35 PDUs (15 to go)' },
        {
          id: 'category:power-skills',
          message: 'Education: Power Skills: 0 of 8 PDUs (8 to go)',
        },
        {
          id: 'category:business-acumen',
          message: 'Education: Business Acumen: 0 of 8 PDUs (8 to go)',
        },
      ],
    });
    expect(suite.problems).toEqual([]);
  });

  it('a PMP with 12 + 12 + 12 across the Talent Triangle and 24 Giving Back is ready, and renews to a cycle starting 2027-01-15', async () => {
    const { page } = suite;
    const { client, userId } = await signUp(suite);
    const pmp = await newCertification(client, {
      certification_name: 'PMP',
      catalogue_id: 'pmi-pmp',
      earned_date: '2024-01-15',
      expiry_date: '2027-01-14',
      cpe_needed: 60,
    });
    for (const [date, units, category] of [
      ['2024-03-01', 12, 'ways-of-working'],
      ['2024-09-01', 12, 'power-skills'],
      ['2025-02-01', 12, 'business-acumen'],
      ['2025-10-01', 24, 'giving-back'],
    ] as const) {
      await addActivity(client, pmp.certification_id, { date, units, category });
    }

    await openList(suite, 'PMP');
    const shownCard = card(page, 'PMP');
    expect(await shownCard.getByText('Ready to renew', { exact: true }).count()).toBe(1);
    expect(await shownCard.textContent()).toContain(
      '60 PDUs counted this cycle: every requirement is met.',
    );
    expect(await shownCard.getByRole('list', { name: 'Not met yet PMP' }).count()).toBe(0);

    await shownCard.getByRole('button', { name: 'Renew' }).click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await dialog.getByText('Are you sure you would like to renew this certification?').waitFor();
    await dialog.getByRole('button', { name: 'Renew' }).click();
    await shownCard.getByText('PMP has been renewed.').waitFor();

    expect(
      await shownCard.getByText('Expiry Date', { exact: true }).locator('xpath=..').textContent(),
    ).toBe(`Expiry Date${await shown(page, '2030-01-14')}`);
    const [stored] = await certificationsOf(client, userId);
    expect(stored).toMatchObject({ earned_date: '2027-01-15', expiry_date: '2030-01-14' });
    await shownCard.getByRole('button', { name: 'Audit Readiness' }).click();
    const cycle = page.getByRole('combobox', { name: 'Cycle' });
    await cycle.waitFor();
    expect(await cycle.locator('option').first().textContent()).toBe(
      `Current: ${await shown(page, '2027-01-15')} – ${await shown(page, '2030-01-14')}`,
    );
    expect(suite.problems).toEqual([]);
  });

  it('a certification with no target and no expiry cannot be renewed, and says why', async () => {
    const { page } = suite;
    const { client } = await signUp(suite);
    const firstAid = await newCertification(client, {
      certification_name: 'First aid',
      earned_date: '2025-03-01',
      expiry_date: null,
      cpe_needed: null,
    });

    await openList(suite, 'First aid');
    const shownCard = card(page, 'First aid');
    const renew = shownCard.getByRole('button', { name: 'Renew' });
    expect(await renew.isDisabled()).toBe(true);
    expect(await shownCard.getByText(API_MESSAGES.nothingToRenew).isVisible()).toBe(true);
    const describedBy = (await renew.getAttribute('aria-describedby'))?.split(' ') ?? [];
    const reasonId = await shownCard.getByText(API_MESSAGES.nothingToRenew).getAttribute('id');
    expect(describedBy).toContain(reasonId);
    expect(
      await shownCard.getByText('Expiry Date', { exact: true }).locator('xpath=..').textContent(),
    ).toBe('Expiry DateN/A');

    const refused = await client.put(`/api/renewCertification/${firstAid.certification_id}`, {
      expiry_date: null,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: API_MESSAGES.nothingToRenew, unmet: [] });
    expect(suite.problems).toEqual([]);
  });
});
