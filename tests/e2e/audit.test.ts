/**
 * Audit-ready in a real browser against the local runtime: one activity for
 * two certifications, proof files through the S3 emulator's presigned POST
 * and GET, the readiness view, the reports, and an activity proposed from a
 * certificate.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { type CertificationBody, createCertification } from '../support/api';
import { certificatePdf } from '../support/inbound-mail';
import { pdfText } from '../support/pdf';
import { type TestUser, api, createUser } from '../support/users';
import { type BrowserSuite, browserSuite, field, startSignedIn } from '../support/web-e2e';

jest.setTimeout(120_000);

async function newCertification(
  suite: BrowserSuite,
  user: TestUser,
  body: CertificationBody,
): Promise<string> {
  const created = await createCertification(api(suite.runtime, user.accessToken), {
    earned_date: '2024-01-01',
    expiry_date: '2027-01-01',
    verification_link: null,
    ...body,
  });
  return created.certification_id;
}

/** The figure a card shows under `label` ("CPEs Earned"). */
async function cardFigure(page: Page, name: string, label: string): Promise<string> {
  const card = page.getByRole('article', { name });
  return (await card.locator(`dt:text-is("${label}") + dd`).textContent()) ?? '';
}

/** Clicks `trigger` and answers the bytes of the download it starts. */
async function downloadOf(page: Page, trigger: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

/** Activity problems the readiness view lists, as "name: badge" lines. */
async function problemBadges(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Problems' });
  if ((await list.count()) === 0) return [];
  return list.locator('li.readiness-problem').evaluateAll((items) =>
    items.flatMap((item) => {
      const name = item.querySelector('h3')?.textContent ?? '';
      return [...item.querySelectorAll('.problem-badge')].map((b) => `${name}: ${b.textContent}`);
    }),
  );
}

describe('audit-ready', () => {
  const suite = browserSuite();

  it('the readiness view flags an activity without proof or provider, and stops once both are added', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    const certId = await newCertification(suite, user, {
      certification_name: 'CISSP',
      catalogue_id: 'isc2-cissp',
      cpe_needed: 120,
    });
    const created = await api(runtime, user.accessToken).post('/api/activities', {
      certification_id: certId,
      activity_name: 'Threat modelling workshop',
      description: 'Half a day',
      cpe_units: 4,
      activity_date: '2025-05-14',
    });
    expect(created.status).toBe(201);

    await startSignedIn(suite, user);
    await page.goto(suite.url('/mycertifications'));
    await page
      .getByRole('article', { name: 'CISSP' })
      .getByRole('button', { name: 'Audit Readiness' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Audit Readiness' }).waitFor();
    await page.getByRole('list', { name: 'Problems' }).waitFor();
    expect(await problemBadges(page)).toEqual(
      expect.arrayContaining([
        'Threat modelling workshop: No proof',
        'Threat modelling workshop: No provider',
      ]),
    );

    await page.getByRole('link', { name: 'Add proof to Threat modelling workshop' }).click();
    await page.getByRole('heading', { name: 'Update Activity' }).waitFor();
    await page.getByLabel('Add proof files').setInputFiles({
      name: 'workshop.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        await certificatePdf(['Certificate of attendance', 'Threat modelling workshop']),
      ),
    });
    await page.getByText('workshop.pdf attached.').waitFor();
    await field(page, 'Provider').fill('OWASP London');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    // The fix returns to Readiness.
    await page.waitForURL(suite.url(`/readiness/${certId}`));
    await page.getByRole('heading', { name: 'Submitted to the body’s portal' }).waitFor();
    await page.getByRole('checkbox', { name: /Threat modelling workshop/ }).waitFor();
    expect(await problemBadges(page)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/No proof|No provider/)]),
    );
    // Logged in the body's portal too: nothing is left to reject.
    // Controlled by the saved answer: it turns checked once the API has recorded the date.
    await page.getByRole('checkbox', { name: /Threat modelling workshop/ }).click();
    await page.getByText('Nothing an auditor would reject in this cycle.').waitFor();
    expect(suite.problems).toEqual([]);
  });

  it('one activity raises two certifications; its proof downloads byte-identical; renewing one leaves the other', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    // A certification of the holder's own with a target of 4: renewing it needs only those.
    const cisspId = await newCertification(suite, user, {
      certification_name: 'CISSP',
      cpe_needed: 4,
    });
    await newCertification(suite, user, {
      certification_name: 'CISM',
      catalogue_id: 'isaca-cism',
      cpe_needed: 120,
    });

    await startSignedIn(suite, user);
    await page.goto(suite.url(`/addactivity/${cisspId}`));
    await page.getByText('For CISSP', { exact: true }).waitFor();
    await field(page, 'Name').fill('Cloud Security Summit');
    await field(page, 'Provider').fill('ISC2 Chapter');
    await field(page, 'CPE Units').fill('4');
    await field(page, 'Date').fill('2025-05-14');
    await page.getByRole('checkbox', { name: 'CISM' }).check();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL(suite.url('/mycertifications'));
    await page.getByRole('article', { name: 'CISM' }).waitFor();

    expect(await cardFigure(page, 'CISSP', 'CPEs Earned')).toBe('4');
    expect(await cardFigure(page, 'CISM', 'CPEs Earned')).toBe('4');

    // The proof: uploaded to the bucket, listed, and downloaded back unchanged.
    const pdf = Buffer.from(
      await certificatePdf(['Certificate of completion', 'Cloud Security Summit']),
    );
    await page
      .getByRole('article', { name: 'CISM' })
      .getByRole('button', { name: 'View Activities' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Cloud Security Summit').waitFor();
    expect(await dialog.getByText('No proof').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('heading', { name: 'Update Activity' }).waitFor();
    await page.getByLabel('Add proof files').setInputFiles({
      name: 'summit-certificate.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await page.getByText('summit-certificate.pdf attached.').waitFor();
    const files = page.getByRole('list', { name: 'Proof files of Cloud Security Summit' });
    await files.getByText('summit-certificate.pdf').waitFor();
    const download = await downloadOf(page, files.getByRole('button', { name: 'Download' }));
    expect(download.name).toBe('summit-certificate.pdf');
    expect(download.bytes.equals(pdf)).toBe(true);

    // The CISSP report lists the activity, as CSV and as PDF.
    await page.goto(suite.url(`/readiness/${cisspId}`));
    const reports = page.getByRole('group', { name: 'Reports for CISSP' });
    const csv = await downloadOf(page, reports.getByRole('button', { name: 'CSV' }));
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.bytes.toString('utf8')).toContain('Cloud Security Summit');
    const report = await downloadOf(page, reports.getByRole('button', { name: 'PDF' }));
    expect(report.name).toMatch(/\.pdf$/);
    const text = await pdfText(new Uint8Array(report.bytes));
    expect(text).toContain('Cloud Security Summit');
    expect(text).toContain('summit-certificate.pdf');

    // Renewing CISSP archives its credit; the activity still counts for CISM.
    await page.goto(suite.url('/mycertifications'));
    await page
      .getByRole('article', { name: 'CISSP' })
      .getByRole('button', { name: 'Renew' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Renew' }).click();
    await page.getByText('CISSP has been renewed.').waitFor();
    expect(await cardFigure(page, 'CISSP', 'CPEs Earned')).toBe('0');
    await page.reload();
    await page.getByRole('article', { name: 'CISM' }).waitFor();
    expect(await cardFigure(page, 'CISM', 'CPEs Earned')).toBe('4');
    expect(await cardFigure(page, 'CISSP', 'CPEs Earned')).toBe('0');
    expect(suite.problems).toEqual([]);
  });

  it('a certificate proposes an activity; confirming saves it with the certificate attached', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    const client = api(runtime, user.accessToken);
    const certId = await newCertification(suite, user, {
      certification_name: 'CISSP',
      catalogue_id: 'isc2-cissp',
      cpe_needed: 120,
    });
    const certificate = Buffer.from(
      await certificatePdf([
        'Certificate of Completion',
        'This certifies that',
        'Ada Lovelace',
        'has successfully completed',
        'Secure Coding Fundamentals',
        'Presented by OWASP Foundation',
        'May 14, 2025',
        '4 CPE hours',
      ]),
    );

    await startSignedIn(suite, user);
    await page.goto(suite.url(`/addactivity/${certId}`));
    await page.getByRole('link', { name: 'Add from a certificate' }).click();
    await page.getByRole('heading', { name: 'Add from a Certificate' }).waitFor();
    await page.getByLabel('Certificate').setInputFiles({
      name: 'secure-coding.pdf',
      mimeType: 'application/pdf',
      buffer: certificate,
    });

    await page.getByText(/Filled in from the certificate/).waitFor();
    expect(await field(page, 'Name').inputValue()).toBe('Secure Coding Fundamentals');
    expect(await field(page, 'Date').inputValue()).toBe('2025-05-14');
    expect(await field(page, 'CPE Units').inputValue()).toBe('4');
    expect(await field(page, 'Provider').inputValue()).toBe('OWASP Foundation');
    // Proposed, not saved: nothing exists until the user confirms.
    const before = await client.get(`/api/activities/${certId}`);
    expect(before.body).toEqual([]);

    await page.getByRole('button', { name: 'Save Activity' }).click();
    await page.waitForURL(suite.url('/mycertifications'));
    const after = await client.get(`/api/activities/${certId}`);
    expect(after.body).toEqual([
      expect.objectContaining({
        activity_name: 'Secure Coding Fundamentals',
        activity_date: '2025-05-14',
        cpe_units: 4,
        provider: 'OWASP Foundation',
        has_proof: true,
        files: [expect.objectContaining({ file_name: 'secure-coding.pdf' })],
      }),
    ]);
    expect(suite.problems).toEqual([]);
  });
});
