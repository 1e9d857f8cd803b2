/**
 * The account page in a real browser against the local runtime: the
 * calendar feed turned on, fetched and rotated; the data download; a changed
 * password signing in; a deleted account that can no longer sign in.
 */
import { readFile } from 'node:fs/promises';
import { EXPORT_SECTIONS } from '@cpe/api/data/account';
import type { Activity, ProofFile, Proposal } from '@cpe/shared';
import type { AccountSettings } from '@cpe/shared/account';
import { bodyOf, createActivity, createCertification, uploadFile } from '../support/api';
import { certificatePdf } from '../support/inbound-mail';
import { type TestUser, api, createUser } from '../support/users';
import { browserSuite, field, signInViaUi, startSignedIn } from '../support/web-e2e';

describe('the account page', () => {
  const suite = browserSuite();

  /** The account page, signed in as `user`, once its settings have arrived. */
  async function openAccount(user: TestUser) {
    const { page } = suite;
    await startSignedIn(suite, user);
    await page.goto(suite.url('/account'));
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    // The settings have arrived once the form can be used.
    await page
      .getByRole('button', { name: 'Save settings' })
      .and(page.locator(':enabled'))
      .waitFor();
  }

  it('turns the calendar feed on, serves the expiry from it, and rotates and turns it off', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    await api(runtime, user.accessToken).post('/api/certifications', {
      certification_name: 'Feed Check Cert',
      cpe_needed: 40,
      earned_date: '2025-03-01',
      expiry_date: '2028-03-01',
    });
    await openAccount(user);
    await page.getByText('Your feed is off.').waitFor();

    await page.getByRole('button', { name: 'Turn on calendar feed' }).click();

    const address = page.getByLabel('Feed address');
    await address.waitFor();
    await page
      .getByText(/Keep this address private: anyone who has it can read your deadlines/)
      .waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(new RegExp(`^${suite.url('/api/calendar/')}[A-Za-z0-9_-]{43}\\.ics$`));
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const ics = (await feed.text()).replace(/\r\n[ \t]/g, '');
    const expiry = ics
      .split('BEGIN:VEVENT')
      .find(
        (event) => /SUMMARY:Feed Check Cert/.test(event) && /DTSTART[^:\r\n]*:20280301/.test(event),
      );
    expect(expiry).toBeDefined();

    await page
      .getByRole('region', { name: 'Calendar feed' })
      .getByRole('button', { name: 'Get a new address' })
      .click();
    await page.getByText(/has a new address/).waitFor();
    const rotated = await address.inputValue();
    expect(rotated).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(rotated)).status).toBe(200);

    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByText('Your feed is off.').waitFor();
    expect((await fetch(rotated)).status).toBe(404);
    expect(suite.problems).toEqual([]);
  });

  it('shows when a file, a proposal and the feed came as the dates they fell on where the user is', async () => {
    const { browser, runtime } = suite;
    const user = await createUser(runtime);
    const as = api(runtime, user.accessToken);
    const pdf = await certificatePdf(['Certificate of Completion', 'Zone Check Seminar', '2 CPE']);
    const certification = await createCertification(as, {
      certification_name: 'Zone Check Cert',
      cpe_needed: 40,
      earned_date: '2025-03-01',
      expiry_date: '2028-03-01',
    });
    const activity: Activity = await createActivity(as, {
      certification_id: certification.certification_id,
      activity_name: 'Zone Check Activity',
      activity_date: '2026-01-15',
      cpe_units: 2,
    });
    const proof = await uploadFile(as, { bytes: pdf, name: 'zone proof.pdf' });
    const file = bodyOf(
      await as.post<ProofFile>(`/api/activities/${activity.activity_id}/files`, {
        upload_id: proof.upload_id,
      }),
      201,
    );
    const inboxUpload = await uploadFile(as, { bytes: pdf, name: 'zone inbox.pdf' });
    const proposal = bodyOf(
      await as.post<Proposal>('/api/proposals', { upload_id: inboxUpload.upload_id }),
      201,
    );
    bodyOf(await as.post('/api/account/calendar', {}), 201);
    const settings = bodyOf(await as.get<AccountSettings>('/api/account/settings'));
    const feedOn = settings.calendar_feed.created_at;
    if (!feedOn) throw new Error('the feed is not on');

    // A zone whose date differs from UTC's at these moments, an hour or more from midnight.
    const timeZone =
      new Date(file.uploaded_at).getUTCHours() < 10 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const dayIn = (zone: string, moment: string) =>
      new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: zone,
      }).format(new Date(moment));
    for (const moment of [file.uploaded_at, proposal.created_at, feedOn])
      expect(dayIn(timeZone, moment)).not.toBe(dayIn('UTC', moment));

    const context = await browser.newContext({ timezoneId: timeZone, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await startSignedIn({ ...suite, page }, user);
      await page.goto(suite.url(`/updateactivity/${activity.activity_id}`));
      await page.getByText(`added ${dayIn(timeZone, file.uploaded_at)}`).waitFor();
      await page.goto(suite.url('/inbox'));
      await page.getByText(`Received ${dayIn(timeZone, proposal.created_at)}`).waitFor();
      await page.goto(suite.url('/account'));
      await page.getByText(`Your feed is on since ${dayIn(timeZone, feedOn)}.`).waitFor();
    } finally {
      await context.close();
    }
  });

  it('saves reminder settings and downloads my data as JSON', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    await api(runtime, user.accessToken).post('/api/certifications', {
      certification_name: 'Exported Cert',
      cpe_needed: 20,
      earned_date: '2025-01-01',
      expiry_date: '2027-01-01',
    });
    await openAccount(user);

    await page.getByLabel('60 days').uncheck();
    await page.getByLabel('Email me about new features').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Your settings have been saved.').waitFor();
    await page.reload();
    await page
      .getByRole('button', { name: 'Save settings' })
      .and(page.locator(':enabled'))
      .waitFor();
    expect(await page.getByLabel('60 days').isChecked()).toBe(false);
    expect(await page.getByLabel('90 days').isChecked()).toBe(true);
    expect(await page.getByLabel('Email me about new features').isChecked()).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^cpe-tracker-data-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse(await readFile(String(await download.path()), 'utf8')) as {
      user: { email: string };
      settings: { reminder_lead_days: number[] };
      certifications: { certification_name: string }[];
    };
    // Every section the API exports reaches the file: the page keeps none back.
    expect(Object.keys(data)).toEqual(['exported_at', ...EXPORT_SECTIONS]);
    expect(data.user.email).toBe(user.email);
    expect(data.settings.reminder_lead_days).toEqual([90, 30, 7]);
    expect(data.certifications.map((c) => c.certification_name)).toEqual(['Exported Cert']);
    expect(suite.problems).toEqual([]);
  });

  it('changes the password, and the new one signs in', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    await openAccount(user);

    await field(page, 'Current password').fill('not my password');
    await field(page, 'New password').fill('a brand new password');
    await field(page, 'New password again').fill('a brand new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    // The field as the form labels it, not Cognito's "Incorrect username or password.".
    await page.getByText('Current password is not correct.').waitFor();
    await field(page, 'Current password').fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    expect(await field(page, 'New password').inputValue()).toBe('');

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('link', { name: 'Log In' }).waitFor();
    await signInViaUi(suite, user.email, 'a brand new password');
    // The API answers the wrong current password with a 400, which Chromium logs.
    expect(suite.problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
  });

  it('deletes the account after the email is typed, signs out, and the user cannot sign in', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    await api(runtime, user.accessToken).post('/api/certifications', {
      certification_name: 'Doomed Cert',
      cpe_needed: 10,
      earned_date: '2025-01-01',
      expiry_date: '2027-01-01',
    });
    await openAccount(user);
    const remove = page.getByRole('button', { name: 'Delete my account' });

    await field(page, 'Type your email to confirm').fill('someone@else.example');
    expect(await remove.isDisabled()).toBe(true);
    await field(page, 'Type your email to confirm').fill(user.email.toUpperCase());
    await remove.click();

    await page.getByText('Your account and all its data have been deleted.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'Log In' }).waitFor();
    await page.goto(suite.url('/login'));
    await field(page, 'Email').fill(user.email);
    await field(page, 'Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect email or password.').waitFor();
    expect(page.url()).toBe(suite.url('/login'));
    // The failed sign-in's 400 is logged by Chromium; nothing else may be.
    expect(suite.problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
  });
});
