/**
 * The inbox in the browser (issue 28 item 1), at 1280x900 and 390x844: a
 * certificate uploaded on /inbox becomes a proposal with what its text says
 * and the file as its proof, the top bar counts it, and accepting it
 * crediting two certifications (each with a category of its catalogue
 * rules) makes one activity that both certifications list with its proof,
 * which downloads byte-identical.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import type { DownloadLink } from '@cpe/shared';
import { activitiesOf, createCertification } from '../support/api';
import { certificatePdf, rfc822 } from '../support/inbound-mail';
import { type TestUser, api, createUser } from '../support/users';
import {
  type BrowserSuite,
  VIEWPORTS,
  type ViewportName,
  browserSuite,
  field,
  topBar,
  startSignedIn,
} from '../support/web-e2e';

async function newCertification(
  suite: BrowserSuite,
  user: TestUser,
  name: string,
  catalogueId: string,
): Promise<string> {
  const created = await createCertification(api(suite.runtime, user.accessToken), {
    certification_name: name,
    catalogue_id: catalogueId,
    earned_date: '2024-01-01',
    expiry_date: '2027-01-01',
    cpe_needed: null,
    verification_link: null,
  });
  return created.certification_id;
}

/** Clicks `trigger` and answers the bytes of the download it starts. */
async function downloadOf(page: Page, trigger: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

/** The top bar's Inbox link (on a phone, inside the menu, opened first). */
async function inboxLink(page: Page, size: ViewportName): Promise<Locator> {
  return (await topBar(page, size)).getByRole('link', { name: /^Inbox/ });
}

/**
 * Accepts the proposal `card` crediting CISSP (Group A) and CCSP (Group B),
 * then finds the activity with its proof in both certifications' views and
 * in what is stored.
 */
async function acceptCrediting(
  suite: BrowserSuite,
  size: ViewportName,
  card: Locator,
  expected: {
    user: TestUser;
    cissp: string;
    ccsp: string;
    name: string;
    proof: Buffer;
    fileName: string;
  },
) {
  const { page, runtime } = suite;
  const { user, cissp, ccsp, name, proof: pdf, fileName } = expected;
  await card.getByRole('link', { name: 'Accept…' }).click();
  await page.getByRole('heading', { name: 'Accept a Proposed Activity' }).waitFor();
  // Found: shown, not asked.
  await page.getByText('Everything else was found.', { exact: false }).waitFor();
  expect(await page.getByRole('textbox', { name: /Name/ }).count()).toBe(0);
  await field(page, 'Certification').selectOption({ label: 'CISSP' });
  await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption({
    label: 'Group A (domain-related)',
  });
  await page.getByRole('checkbox', { name: 'CCSP' }).check();
  await page
    .getByRole('combobox', { name: 'Category for CCSP' })
    .selectOption({ label: 'Group B (professional development)' });
  await page.getByRole('button', { name: 'Accept', exact: true }).click();

  await page.waitForURL(suite.url('/inbox'));
  await page.getByText(`${name} was added to CISSP and CCSP, with its proof.`).waitFor();
  await page.getByRole('heading', { name: 'Your inbox is empty.' }).waitFor();
  // No count once nothing waits.
  await (await inboxLink(page, size)).waitFor();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Inbox', exact: true })
    .waitFor();
  if (size === 'phone') await page.getByRole('button', { name: 'Toggle navigation' }).click();

  // Both certifications list it with its proof.
  await page.goto(suite.url('/mycertifications'));
  for (const certName of ['CISSP', 'CCSP']) {
    await page
      .getByRole('article', { name: certName })
      .getByRole('button', { name: 'View Activities' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name }).waitFor();
    await dialog.getByText(fileName, { exact: true }).waitFor();
    expect(await dialog.getByText('No proof').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }

  // What is stored: one activity, two credits with their categories, the proof reachable from it.
  const as = api(runtime, user.accessToken);
  const [forCissp, forCcsp] = await Promise.all([activitiesOf(as, cissp), activitiesOf(as, ccsp)]);
  expect(forCissp).toEqual(forCcsp);
  const [activity] = forCissp;
  expect(forCissp).toHaveLength(1);
  expect(activity).toMatchObject({
    activity_name: name,
    has_proof: true,
    files: [expect.objectContaining({ file_name: fileName })],
  });
  expect(activity!.credits).toEqual([
    expect.objectContaining({ certification_id: cissp, category: 'group-a' }),
    expect.objectContaining({ certification_id: ccsp, category: 'group-b' }),
  ]);
  const fileLink = await as.get<DownloadLink>(`/api/files/${activity!.files[0]!.file_id}`);
  const stored = await fetch(fileLink.body.url);
  expect(Buffer.from(await stored.arrayBuffer()).equals(pdf)).toBe(true);
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('the inbox (%s)', (size) => {
  const suite = browserSuite({ viewport: VIEWPORTS[size] });

  it('a certificate uploaded to the inbox, accepted crediting two certifications, is one activity with its proof in both', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    const cissp = await newCertification(suite, user, 'CISSP', 'isc2-cissp');
    const ccsp = await newCertification(suite, user, 'CCSP', 'isc2-ccsp');
    const pdf = Buffer.from(
      await certificatePdf([
        'Certificate of Completion',
        'has successfully completed',
        'Secure Code Review',
        'Presented by SANS Institute',
        '2025-02-10',
        '6 CPE hours',
      ]),
    );

    await startSignedIn(suite, user);
    await page.goto(suite.url('/inbox'));
    await page.getByRole('heading', { name: 'Your inbox is empty.' }).waitFor();
    await page.getByLabel('Upload certificates').setInputFiles({
      name: 'SANS certificate.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await page.getByText('SANS certificate.pdf added to your inbox.').waitFor();

    const card = page.getByRole('listitem', { name: 'Secure Code Review' });
    await card.waitFor();
    await card.getByText('Upload: SANS certificate.pdf').waitFor();
    await card.getByText('SANS Institute', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'SANS certificate.pdf' }).waitFor();
    // The top bar counts it.
    const counted = (await inboxLink(page, size)).filter({ hasText: /^Inbox/ });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Inbox ?, 1 waiting$/ })
      .waitFor();
    expect(await counted.getAttribute('href')).toBe('/inbox');
    if (size === 'phone') await page.getByRole('button', { name: 'Toggle navigation' }).click();

    // The proof as it came: downloaded byte-identical before accepting.
    const proof = await downloadOf(
      page,
      card.getByRole('button', { name: 'SANS certificate.pdf' }),
    );
    expect(proof.name).toBe('SANS certificate.pdf');
    expect(proof.bytes.equals(pdf)).toBe(true);

    await acceptCrediting(suite, size, card, {
      user,
      cissp,
      ccsp,
      name: 'Secure Code Review',
      proof: pdf,
      fileName: 'SANS certificate.pdf',
    });
    expect(suite.problems).toEqual([]);
  });

  it('a certificate forwarded by email, accepted crediting two certifications, is one activity with its proof in both', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    const cissp = await newCertification(suite, user, 'CISSP', 'isc2-cissp');
    const ccsp = await newCertification(suite, user, 'CCSP', 'isc2-ccsp');
    const pdf = Buffer.from(
      await certificatePdf([
        'Certificate of Completion',
        'has successfully completed',
        'Zero Trust Architecture',
        'Presented by Cloud Security Alliance',
        '2025-03-04',
        '2 CPE hours',
      ]),
    );
    const settings = await api(runtime, user.accessToken).get('/api/account/settings');
    const address = (settings.body as { forwarding_address: string }).forwarding_address;
    const received = await fetch(suite.url('/_dev/inbound'), {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: rfc822({
        from: 'Webinars <webinars@example.com>',
        to: address,
        subject: 'Your certificate',
        text: 'Thank you for attending. Your certificate is attached.',
        attachments: [{ name: 'zero-trust.pdf', type: 'application/pdf', bytes: pdf }],
      }),
    });
    expect(received.status).toBe(202);

    await startSignedIn(suite, user);
    await page.goto(suite.url('/inbox'));
    const card = page.getByRole('listitem', { name: 'Zero Trust Architecture' });
    await card.waitFor();
    await card.getByText('Email', { exact: true }).waitFor();
    await card.getByText(/^Email from webinars@example\.com/).waitFor();
    await card.getByRole('button', { name: 'zero-trust.pdf' }).waitFor();

    await acceptCrediting(suite, size, card, {
      user,
      cissp,
      ccsp,
      name: 'Zero Trust Architecture',
      proof: pdf,
      fileName: 'zero-trust.pdf',
    });
    expect(suite.problems).toEqual([]);
  });
});
