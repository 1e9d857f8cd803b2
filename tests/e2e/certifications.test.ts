/**
 * My Certifications with data made through the API: search and sort in the
 * browser, and another user's record answering the 404 page.
 */
import { createCertification } from '../support/api';
import { api, createUser } from '../support/users';
import { browserSuite, startSignedIn } from '../support/web-e2e';

describe('my certifications', () => {
  const suite = browserSuite();

  it('searches by name case-insensitively and sorts by expiry, name and earned date', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    const client = api(runtime, user.accessToken);
    for (const [name, earned, expiry] of [
      ['beta cert', '2023-01-01', '2026-06-01'],
      ['Alpha Cert', '2024-01-01', null],
      ['Gamma Cert', '2022-01-01', '2025-06-01'],
    ] as const) {
      await createCertification(client, {
        certification_name: name,
        earned_date: earned,
        expiry_date: expiry,
        cpe_needed: 20,
        verification_link: null,
      });
    }

    await startSignedIn(suite, user);
    await page.goto(suite.url('/mycertifications'));
    await page.getByRole('article').nth(2).waitFor();
    const names = () => page.getByRole('article').getByRole('heading').allTextContents();
    const sort = page.getByLabel('Sort certifications');

    await sort.selectOption({ label: 'Name' });
    expect(await names()).toEqual(['Alpha Cert', 'beta cert', 'Gamma Cert']);
    await sort.selectOption({ label: 'Expiry Date' });
    expect(await names()).toEqual(['Gamma Cert', 'beta cert', 'Alpha Cert']);
    await sort.selectOption({ label: 'Earned Date' });
    expect(await names()).toEqual(['Alpha Cert', 'beta cert', 'Gamma Cert']);
    expect(await page.getByRole('article', { name: 'Alpha Cert' }).getByText('N/A').count()).toBe(
      1,
    );

    await page.getByPlaceholder('Search Certifications...').fill('CERT');
    expect(await names()).toHaveLength(3);
    await page.getByPlaceholder('Search Certifications...').fill('gAmMa');
    expect(await names()).toEqual(['Gamma Cert']);
    expect(suite.problems).toEqual([]);
  });

  it('loads the list on a phone without shifting the page under the reader', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    const client = api(runtime, user.accessToken);
    for (const name of ['CISSP', 'PMP', 'CISA']) {
      await client.post('/api/certifications', {
        certification_name: name,
        earned_date: '2024-01-01',
        expiry_date: '2027-01-01',
        cpe_needed: 40,
        verification_link: null,
      });
    }
    await startSignedIn(suite, user);
    await page.setViewportSize({ width: 412, height: 823 });
    // Cumulative layout shift, as Chromium reports it, from the first paint on.
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
        }[]) {
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });

    await page.goto(suite.url('/mycertifications'));
    await page.getByRole('article').nth(2).waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));

    // 0.1 is the threshold of a "good" page; before the loading state held its
    // height, the footer jumping down scored about 0.27 here.
    const shift = await page.evaluate(
      () => (window as unknown as { layoutShift: number }).layoutShift,
    );
    expect(shift).toBeLessThan(0.1);
    expect(suite.problems).toEqual([]);
  });

  it("another user's certification id in /updatecertification/{id} shows the 404 page", async () => {
    const { page, runtime } = suite;
    const owner = await createUser(runtime);
    const created = await createCertification(api(runtime, owner.accessToken), {
      certification_name: 'Not yours',
      earned_date: '2024-01-01',
      expiry_date: null,
      cpe_needed: null,
      verification_link: null,
    });
    const certId = created.certification_id;
    const intruder = await createUser(runtime);

    await startSignedIn(suite, intruder);
    await page.goto(suite.url(`/updatecertification/${certId}`));

    await page.getByRole('heading', { name: '404' }).waitFor();
    expect(page.url()).toBe(suite.url('/fourofourpage'));
    expect(await page.getByText('Not yours').count()).toBe(0);
    // The API's 404 for the foreign record is the only thing Chromium logs.
    expect(suite.problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
  });
});
