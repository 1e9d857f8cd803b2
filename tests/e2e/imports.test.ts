/**
 * Import Activities in the browser, at 1280x800 and 390x844: a CSV with a
 * broken row is previewed (the mapping guessed, the broken row named), the
 * valid rows are imported, the activities are there for the certification,
 * and choosing the same file again offers nothing to import. The page as
 * shown is kept as docs/screenshots/import-desktop.png and import-phone.png.
 */
import path from 'node:path';
import type { Activity, Certification } from '@cpe/shared';
import { api, createUser } from '../support/users';
import { browserSuite, startSignedIn } from '../support/web-e2e';

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const SCREENSHOTS = path.resolve(__dirname, '../../docs/screenshots');

const CSV = [
  'Date,Course,Organizer,CPE hours,Category',
  '2025-03-04,Cloud security summit,ISC2 Chapter,4,Group A',
  '2025-04-11,Incident response workshop,SANS,3.5,Group A',
  '2025-05-20,"Leadership" webinar,ACME,1,Group B',
  '2025-06-02,Mentoring juniors,Employer,2,Group B',
].join('\n');

describe.each(Object.keys(SIZES) as (keyof typeof SIZES)[])('importing activities (%s)', (size) => {
  const suite = browserSuite({ viewport: SIZES[size] });

  it('previews a CSV with its broken row named, imports the others, and a second import adds nothing', async () => {
    const { page } = suite;
    const user = await createUser(suite.runtime);
    const as = api(suite.runtime, user.accessToken);
    const created = await as.post('/api/certifications', {
      certification_name: 'CISSP',
      catalogue_id: 'isc2-cissp',
      earned_date: '2025-01-01',
      expiry_date: '2027-12-31',
      cpe_needed: 120,
    });
    const cert = created.body as Certification;
    await startSignedIn(suite, user);
    await page.goto(suite.url('/mycertifications'));
    await page.getByRole('link', { name: 'Import Activities' }).click();
    await page.getByRole('heading', { name: 'Import Activities' }).waitFor();

    const choose = () =>
      page.getByLabel('Spreadsheet').setInputFiles({
        name: 'training-2025.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(CSV),
      });
    await choose();
    await page.getByText('4 rows: 3 new, 0 already there, 1 with errors').waitFor();
    expect(await page.getByRole('combobox', { name: /^Title/ }).inputValue()).toBe('1');
    expect(await page.getByRole('combobox', { name: 'Provider' }).inputValue()).toBe('2');
    const broken = page.getByRole('row', { name: /^4 Has errors/ });
    expect(await broken.textContent()).toContain(
      'A quoted field is followed by text before the next separator.',
    );
    await page.screenshot({ path: path.join(SCREENSHOTS, `import-${size}.png`), fullPage: true });

    await page.getByRole('button', { name: 'Import 3 activities' }).click();
    await page.getByText('Imported 3 activities; 0 rows already there; 1 row refused.').waitFor();
    await page.getByText('4 rows: 0 new, 3 already there, 1 with errors').waitFor();

    const stored = (await as.get(`/api/activities/${cert.certification_id}`)).body as Activity[];
    expect(
      stored.map((a) => [a.activity_date, a.activity_name, a.provider, a.cpe_units, a.category]),
    ).toEqual([
      ['2025-06-02', 'Mentoring juniors', 'Employer', 2, 'group-b'],
      ['2025-04-11', 'Incident response workshop', 'SANS', 3.5, 'group-a'],
      ['2025-03-04', 'Cloud security summit', 'ISC2 Chapter', 4, 'group-a'],
    ]);

    await choose();
    const nothing = page.getByRole('button', { name: 'Nothing new to import' });
    await nothing.waitFor();
    expect(await nothing.isDisabled()).toBe(true);

    // The activities are on the certification's list.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'My Certifications' }).waitFor();
    await page.getByRole('button', { name: 'View Activities' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activities for CISSP' });
    for (const name of [
      'Cloud security summit',
      'Incident response workshop',
      'Mentoring juniors',
    ]) {
      await dialog.getByText(name).first().waitFor();
    }
  });
});
