/**
 * The certification catalogue in the browser, at desktop and phone sizes:
 * the name field's suggestions and what choosing one fills in, the body's
 * unit and each certification's status on the cards, and adding a
 * recommended certification in one click. Data is made through the API; what
 * the form saves is read back through it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page } from 'playwright-core';
import { certificationsOf, createCertification } from '../support/api';
import { WEB_DIST_DIR } from '../support/runtime';
import { type TestUser, api, createUser } from '../support/users';
import {
  type BrowserSuite,
  VIEWPORTS,
  type ViewportName,
  browserSuite,
  field,
  typeAsSoonAsFocused,
  startSignedIn,
} from '../support/web-e2e';

/** A date `months` from today (UTC), as the API takes it. */
function monthsFromToday(months: number): string {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

const stored = (suite: BrowserSuite, user: TestUser) =>
  certificationsOf(api(suite.runtime, user.accessToken), user.userId);

const card = (page: Page, name: string) => page.getByRole('article', { name });

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('the catalogue (%s)', (size) => {
  const suite = browserSuite({ viewport: VIEWPORTS[size] });

  it('typing "cissp" offers CISSP; choosing it with an earned date of 2024-01-15 fills 120 CPEs and the ISC2 expiry 2027-01-31', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    await startSignedIn(suite, user);
    await page.goto(suite.url('/addcertification'));

    await typeAsSoonAsFocused(page, 'Certification Name', 'cissp');
    const suggestions = page.getByRole('listbox', { name: 'Certifications in the catalogue' });
    const cissp = suggestions.getByRole('option', { name: /^CISSP Certified Information/ });
    await cissp.waitFor();
    expect(await suggestions.getByRole('option').first().textContent()).toMatch(/^CISSP /);
    await cissp.click();
    await field(page, 'Earned Date').fill('2024-01-15');

    expect(await page.getByRole('combobox', { name: 'Certification Name' }).inputValue()).toBe(
      'CISSP',
    );
    expect(await field(page, 'Number of CPEs Needed').inputValue()).toBe('120');
    // ISC2's cycle runs from the first of the next month to a month's end, three years on.
    expect(await field(page, 'Expiry Date').inputValue()).toBe('2027-01-31');
    expect(await field(page, 'Credit Unit').inputValue()).toBe('CPE');
    const rules = page.getByRole('region', { name: 'Rules of CISSP' });
    expect(await rules.textContent()).toMatch(/120 CPEs every 3 years\..*checked \w+ \d{4}/);
    expect(
      await rules.getByRole('link', { name: /ISC2's renewal rules/ }).getAttribute('href'),
    ).toMatch(/^https:\/\//);

    await page.getByRole('button', { name: 'Submit' }).click();
    await card(page, 'CISSP').waitFor();
    expect(await stored(suite, user)).toEqual([
      expect.objectContaining({
        certification_name: 'CISSP',
        catalogue_id: 'isc2-cissp',
        unit: 'CPE',
        cpe_needed: 120,
        cycle_months: 36,
        earned_date: '2024-01-15',
        expiry_date: '2027-01-31',
      }),
    ]);
    expect(suite.problems).toEqual([]);
  });

  it('a PMP card says PDUs; an expired and a behind-pace certification show their status', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    const client = api(runtime, user.accessToken);
    const made: Record<string, string> = {};
    for (const cert of [
      {
        certification_name: 'PMP',
        catalogue_id: 'pmi-pmp',
        earned_date: monthsFromToday(-6),
        expiry_date: monthsFromToday(30),
        cpe_needed: 60,
      },
      {
        certification_name: 'CISA',
        catalogue_id: 'isaca-cisa',
        earned_date: '2021-03-01',
        expiry_date: '2024-03-01',
        cpe_needed: 120,
      },
      {
        certification_name: 'CISSP',
        catalogue_id: 'isc2-cissp',
        earned_date: monthsFromToday(-24),
        expiry_date: monthsFromToday(12),
        cpe_needed: 120,
      },
    ]) {
      const created = await createCertification(client, { ...cert, verification_link: null });
      made[cert.certification_name] = created.certification_id;
    }
    // A sixth of the PMP's cycle gone, a sixth of its 60 PDUs earned: on pace.
    await client.post('/api/activities', {
      certification_id: made.PMP,
      activity_name: 'Agile course',
      description: '',
      cpe_units: 12,
      activity_date: monthsFromToday(-1),
    });

    await startSignedIn(suite, user);
    await page.goto(suite.url('/mycertifications'));
    await page.getByRole('article').nth(2).waitFor();

    const pmp = card(page, 'PMP');
    expect(await pmp.getByText('PDUs Needed').count()).toBe(1);
    expect(await pmp.getByText('PDUs Earned').count()).toBe(1);
    expect(await pmp.getByText('CPEs Needed').count()).toBe(0);
    expect(await pmp.getByText('On pace', { exact: true }).count()).toBe(1);
    expect(await card(page, 'CISA').getByText('Expired', { exact: true }).count()).toBe(1);
    const cissp = card(page, 'CISSP');
    expect(await cissp.getByText('Behind pace', { exact: true }).count()).toBe(1);
    expect(await cissp.textContent()).toMatch(
      /0 of the 8\d(\.\d+)? CPEs expected by now; [\d.]+ CPEs a month to finish\./,
    );

    const summary = page.getByRole('region', { name: 'Summary' });
    expect(await summary.textContent()).toMatch(/Need attention\s*2/);
    await page.getByLabel('Sort certifications').selectOption({ label: 'Status' });
    expect(await page.getByRole('article').getByRole('heading').allTextContents()).toEqual([
      'CISA',
      'CISSP',
      'PMP',
    ]);
    expect(suite.problems).toEqual([]);
  });

  it('adds a recommended certification in one click, prefilled from the catalogue', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    await api(runtime, user.accessToken).post('/api/certifications', {
      certification_name: 'CISSP',
      catalogue_id: 'isc2-cissp',
      earned_date: '2024-01-15',
      expiry_date: '2027-01-15',
      cpe_needed: 120,
      verification_link: null,
    });
    await startSignedIn(suite, user);
    await page.goto(suite.url('/mycertifications'));
    await card(page, 'CISSP').waitFor();

    await page.getByRole('button', { name: 'Recommend Certifications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recommended Certifications' });
    // Without an AI key the catalogue answers: CISSP's first next step is CCSP.
    await dialog.getByRole('link', { name: 'Add CCSP' }).click();

    await page.getByRole('region', { name: 'Rules of CCSP' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/addcertification');
    expect(await page.getByRole('combobox', { name: 'Certification Name' }).inputValue()).toBe(
      'CCSP',
    );
    expect(await field(page, 'Number of CPEs Needed').inputValue()).toBe('90');
    await field(page, 'Earned Date').fill('2025-05-31');
    expect(await field(page, 'Expiry Date').inputValue()).toBe('2028-05-31');
    await page.getByRole('button', { name: 'Submit' }).click();

    await card(page, 'CCSP').waitFor();
    expect(await stored(suite, user)).toContainEqual(
      expect.objectContaining({
        certification_name: 'CCSP',
        catalogue_id: 'isc2-ccsp',
        cpe_needed: 90,
        expiry_date: '2028-05-31',
      }),
    );
    expect(suite.problems).toEqual([]);
  });
});

describe('the built app', () => {
  /** The esbuild metafile of the build these browser tests run against. */
  const meta = JSON.parse(readFileSync(path.join(WEB_DIST_DIR, 'meta.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
  };

  it('carries none of the catalogue: the name field and the cards ask the API for it', () => {
    const shipped = Object.values(meta.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(
          ([input, used]) => input.includes('shared/src/catalogue/') && used.bytesInOutput > 0,
        )
        .map(([input]) => input.slice(input.indexOf('catalogue/'))),
    );

    // The unit's words, a few hundred bytes; no data, search or recommender.
    expect([...new Set(shipped)].sort()).toEqual([
      'catalogue/limits.ts',
      'catalogue/types.ts',
      'catalogue/units.ts',
    ]);
  });
});
