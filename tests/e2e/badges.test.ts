/**
 * Add Certification from a badge in the browser (issue 28 item 4), at
 * 1280x800 and 390x844: a signed Open Badges 2.0 assertion baked into a PNG
 * and an Open Badges 3.0 credential each fill the form in (saying whether
 * the badge was verified) and are saved as the user submits them; a signed
 * badge changed after signing is refused with the reason, and nothing is
 * stored. The badges are built by the tests (packages/api/src/testing/badges.ts).
 */
import type { Page } from 'playwright-core';
import { ob2Assertion, ob3Credential, png, signed, tampered } from '../support/badges';
import { type TestUser, api, createUser } from '../support/users';
import { type BrowserSuite, browserSuite, field, startSignedIn } from '../support/web-e2e';

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

interface Stored {
  certification_name: string;
  catalogue_id: string | null;
  cpe_needed: number | null;
  earned_date: string;
  expiry_date: string | null;
  verification_link: string | null;
}

async function stored(suite: BrowserSuite, user: TestUser): Promise<Stored[]> {
  const answer = await api(suite.runtime, user.accessToken).get(
    `/api/certifications/${user.userId}`,
  );
  return answer.body as Stored[];
}

async function chooseBadge(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel('Add from a badge').setInputFiles({ name, mimeType, buffer });
}

const nameField = (page: Page) => page.getByRole('combobox', { name: 'Certification Name' });

describe.each(Object.keys(SIZES) as (keyof typeof SIZES)[])(
  'a certification from a badge (%s)',
  (size) => {
    const suite = browserSuite({ viewport: SIZES[size] });

    async function openForm(): Promise<TestUser> {
      const user = await createUser(suite.runtime);
      await startSignedIn(suite, user);
      await suite.page.goto(suite.url('/addcertification'));
      await nameField(suite.page).waitFor();
      return user;
    }

    it('a signed Open Badges 2.0 PNG fills in CISSP, says it was verified, and is saved as submitted', async () => {
      const { page } = suite;
      const user = await openForm();
      const jws = await signed(
        ob2Assertion({ verification: { type: 'signed' }, expires: '2027-03-14T23:59:59Z' }),
      );
      await chooseBadge(
        page,
        'cissp-badge.png',
        'image/png',
        png({ keyword: 'openbadges', text: jws }),
      );

      const said = page.getByText(
        "Filled in from cissp-badge.png. The badge's signature was verified. Check every field before submitting.",
      );
      await said.waitFor();
      expect(await nameField(page).inputValue()).toBe(
        'CISSP - Certified Information Systems Security Professional',
      );
      expect(await field(page, 'Earned Date').inputValue()).toBe('2024-03-15');
      expect(await field(page, 'Expiry Date').inputValue()).toBe('2027-03-14');
      expect(await field(page, 'Verification Link').inputValue()).toBe(
        'https://badges.example.org/assertions/cissp-1234',
      );
      // The catalogue entry the issuer and name match brings its rules.
      expect(await field(page, 'Number of CPEs Needed').inputValue()).toBe('120');

      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL(/\/mycertifications$/);
      await page
        .getByRole('article', {
          name: 'CISSP - Certified Information Systems Security Professional',
        })
        .waitFor();
      expect(await stored(suite, user)).toEqual([
        expect.objectContaining({
          certification_name: 'CISSP - Certified Information Systems Security Professional',
          catalogue_id: 'isc2-cissp',
          cpe_needed: 120,
          earned_date: '2024-03-15',
          expiry_date: '2027-03-14',
          verification_link: 'https://badges.example.org/assertions/cissp-1234',
        }),
      ]);
      expect(suite.problems).toEqual([]);
    });

    it('an Open Badges 3.0 credential fills in PMP, says it could not be verified, and is saved', async () => {
      const { page } = suite;
      const user = await openForm();
      await chooseBadge(
        page,
        'pmp.json',
        'application/json',
        Buffer.from(JSON.stringify(ob3Credential({ validUntil: '2028-01-19T23:59:59Z' }))),
      );
      await page
        .getByText(
          'Filled in from pmp.json. The badge could not be verified: Not signed: nothing in the file proves who issued it. Check every field before submitting.',
        )
        .waitFor();
      expect(await nameField(page).inputValue()).toBe('Project Management Professional (PMP)');
      expect(await field(page, 'Earned Date').inputValue()).toBe('2025-01-20');
      expect(await field(page, 'Expiry Date').inputValue()).toBe('2028-01-19');
      expect(await field(page, 'Number of PDUs Needed').inputValue()).toBe('60');

      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('article', { name: 'Project Management Professional (PMP)' }).waitFor();
      expect(await stored(suite, user)).toEqual([
        expect.objectContaining({
          catalogue_id: 'pmi-pmp',
          earned_date: '2025-01-20',
          expiry_date: '2028-01-19',
          verification_link: 'https://credentials.example.org/credentials/pmp-5678',
        }),
      ]);
      expect(suite.problems).toEqual([]);
    });

    it('a signed badge changed after signing is refused with the reason, the form left empty', async () => {
      const { page } = suite;
      const user = await openForm();
      const jws = await signed(ob2Assertion({ verification: { type: 'signed' } }));
      const forged = tampered(jws, (a) => ({ ...a, expires: '2099-01-01T00:00:00Z' }));
      await chooseBadge(
        page,
        'forged.png',
        'image/png',
        png({ keyword: 'openbadges', text: forged }),
      );

      const alert = page.getByRole('alert').filter({ hasText: 'forged.png' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain(
        'forged.png is a signed badge whose signature does not match its contents: it was changed after it was signed, so it is refused.',
      );
      expect(await nameField(page).inputValue()).toBe('');
      expect(await field(page, 'Expiry Date').inputValue()).toBe('');
      expect(await stored(suite, user)).toEqual([]);
      // The refusal is the page's answer, not a failure: the browser logged the 400 only.
      expect(suite.problems.filter((p) => !/400|Could not read the badge/.test(p))).toEqual([]);
    });
  },
);
