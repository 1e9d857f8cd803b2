/**
 * A form whose record did not load is never submittable: when reading the
 * record for editing fails with something other than 404, the page shows the
 * failure and Retry, and no form that could save blanks over the record.
 */
import { createCertification } from '../support/api';
import { api, createUser } from '../support/users';
import {
  VIEWPORTS,
  type ViewportName,
  browserSuite,
  field,
  startSignedIn,
} from '../support/web-e2e';

describe.each(Object.keys(VIEWPORTS) as ViewportName[])(
  'an edit page whose record failed to load (%s)',
  (size) => {
    const suite = browserSuite({ viewport: VIEWPORTS[size] });

    it('offers Retry and no form; after Retry, saving keeps every field it did not touch', async () => {
      const { page, runtime } = suite;
      const user = await createUser(runtime);
      const client = api(runtime, user.accessToken);
      const created = await createCertification(client, {
        certification_name: 'Kept Cert',
        earned_date: '2024-01-15',
        expiry_date: '2027-01-15',
        cpe_needed: 40,
        verification_link: 'https://example.com/verify/7',
      });
      const id = created.certification_id;
      await startSignedIn(suite, user);
      let failures = 1;
      await page.route('**/api/certification/*', (route) =>
        failures-- > 0
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: '{"message":"Internal server error"}',
            })
          : route.continue(),
      );

      await page.goto(suite.url(`/updatecertification/${id}`));
      await page.getByText('We could not load this certification. Please try again.').waitFor();
      expect(await page.getByRole('textbox').count()).toBe(0);
      expect(await page.getByRole('combobox', { name: 'Certification Name' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Update' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Retry' }).click();
      // The name is a combobox over the catalogue (decision 021).
      await page.getByRole('combobox', { name: 'Certification Name' }).waitFor();
      expect(await field(page, 'CPE Needed').inputValue()).toBe('40');
      await field(page, 'Certification Name').fill('Kept Cert renamed');
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByRole('article', { name: 'Kept Cert renamed' }).waitFor();

      const [stored] = (await client.get(`/api/certification/${id}`)).body as unknown[];
      expect(stored).toMatchObject({
        certification_name: 'Kept Cert renamed',
        cpe_needed: 40,
        expiry_date: '2027-01-15',
        verification_link: 'https://example.com/verify/7',
      });
      // The one failure Chromium logs is the 500 this test made.
      expect(suite.problems.filter((p) => !/status of 500|Could not load/.test(p))).toEqual([]);
    });
  },
);
