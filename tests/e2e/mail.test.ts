/**
 * Mail, calendar and trust in a real browser at 1280x800 and 390x844: the
 * reminder digest (taken from the runtime's outbox after a real run) rendered
 * in Chromium, its "stop these emails" link landing on the app's page with
 * Undo, and the account page's locale, time zone and name, the calendar
 * links, and a password change that mails the holder.
 *
 * With UPDATE_SCREENSHOTS=1 the digest's renderings are written to
 * docs/screenshots/digest-desktop.png and digest-phone.png.
 */
import path from 'node:path';
import type { AccountSettings } from '@cpe/shared';
import { createCertification } from '../support/api';
import { type TestUser, api, createUser } from '../support/users';
import { type BrowserSuite, browserSuite, startSignedIn } from '../support/web-e2e';

jest.setTimeout(120_000);

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
type Size = keyof typeof SIZES;

const SCREENSHOTS = path.resolve(__dirname, '../../docs/screenshots');

/** A holder of a CISSP and a PMP who is behind pace on both as of 1 Dec 2026, with mail in en-GB. */
async function holderBehindPace(suite: BrowserSuite): Promise<TestUser> {
  const user = await createUser(suite.runtime);
  const client = api(suite.runtime, user.accessToken);
  await client.put('/api/account/settings', {
    locale: 'en-GB',
    time_zone: 'Europe/London',
    holder_name: 'Ada Lovelace',
  });
  for (const [name, catalogue, earned, expiry, needed, done] of [
    ['CISSP', 'isc2-cissp', '2024-01-01', '2026-12-31', 120, 74],
    ['PMP', 'pmi-pmp', '2024-02-01', '2027-01-31', 60, 31.5],
  ] as const) {
    const created = await createCertification(client, {
      certification_name: name,
      catalogue_id: catalogue,
      earned_date: earned,
      expiry_date: expiry,
      cpe_needed: needed,
      verification_link: null,
    });
    const id = created.certification_id;
    const activity = await client.post('/api/activities', {
      certification_id: id,
      activity_name: `${name} conference`,
      cpe_units: done,
      activity_date: '2025-06-02',
    });
    expect(activity.status).toBe(201);
  }
  return user;
}

/** Runs the daily job as of 1 Dec 2026 and answers the user's digest. */
async function digestOf(suite: BrowserSuite, user: TestUser) {
  const run = await fetch(suite.url('/_dev/schedules/reminder-digest'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: '2026-12-01T08:00:00Z' }),
  });
  expect(run.status).toBe(200);
  const mail = suite.runtime.outbox
    .list()
    .find((m) => m.to === user.email && m.subject.startsWith('CPE Tracker:'));
  if (!mail?.html) throw new Error('no digest with HTML');
  return mail;
}

describe.each(Object.keys(SIZES) as Size[])('mail, calendar and trust (%s)', (size) => {
  const suite = browserSuite({ viewport: SIZES[size] });

  it('renders the digest readably: each shortfall with its figures, unit and a button to act', async () => {
    const { page } = suite;
    const user = await holderBehindPace(suite);
    const mail = await digestOf(suite, user);
    expect(mail.subject).toMatch(/^CPE Tracker: \d+ reminders for 2 certifications$/);
    expect(mail.text).toContain('42.5 CPEs behind pace: 74 of 116.5 expected by 1 Dec 2026');
    expect(mail.text).toContain('25 PDUs behind pace: 31.5 of 56.5 expected by 1 Dec 2026');

    // As a mail client shows it: the HTML alone, no network, no scripts.
    await page.route('**/*', (route) => route.abort());
    await page.setContent(mail.html!, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Your reminders for 1 Dec 2026' }).waitFor();
    await page.getByRole('heading', { name: 'CISSP' }).waitFor();
    await page
      .getByText('42.5 CPEs behind pace: 74 of 116.5 expected by 1 Dec 2026', { exact: true })
      .waitFor();
    await page.getByText(/PDUs still needed by 31 Jan 2027/).waitFor();
    const act = page.getByRole('link', { name: 'Log an activity' }).first();
    expect(await act.isVisible()).toBe(true);
    expect(await act.getAttribute('href')).toMatch(/\/addactivity\/[0-9a-f-]{36}$/);
    expect(
      await page.getByRole('link', { name: 'Stop these emails' }).getAttribute('href'),
    ).toMatch(/\/unsubscribe\?token=/);
    // Nothing wider than the screen, and the card within 600 px on a desktop.
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      view: window.innerWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.view);
    const card = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(card!.width).toBeLessThanOrEqual(600);
    if (process.env.UPDATE_SCREENSHOTS === '1') {
      await page.screenshot({ path: path.join(SCREENSHOTS, `digest-${size}.png`) });
    }
  });

  it("the digest's unsubscribe link asks, turns reminders off, and Undo turns them on again", async () => {
    const { page } = suite;
    const user = await holderBehindPace(suite);
    const mail = await digestOf(suite, user);
    const link = /Stop these emails: (\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const settings = async () =>
      (await api(suite.runtime, user.accessToken).get('/api/account/settings'))
        .body as AccountSettings;

    const target = new URL(link!);
    await page.goto(suite.url(`${target.pathname}${target.search}`));
    await page.getByRole('heading', { level: 1, name: 'Stop reminder emails?' }).waitFor();
    expect((await settings()).reminders_enabled).toBe(true);

    await page.getByRole('button', { name: 'Turn reminder emails off' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reminder emails are off' }).waitFor();
    expect((await settings()).reminders_enabled).toBe(false);

    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reminder emails are on again' }).waitFor();
    expect((await settings()).reminders_enabled).toBe(true);

    // A token that is not ours: said plainly, and nothing to press.
    await page.goto(suite.url(`/unsubscribe?token=${target.searchParams.get('token')!}x`));
    await page.getByRole('button', { name: 'Turn reminder emails off' }).click();
    await page.getByText(/This unsubscribe link is not valid/).waitFor();
    expect(await page.getByRole('button', { name: 'Turn reminder emails off' }).isDisabled()).toBe(
      true,
    );
    expect(suite.problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
  });

  it('keeps locale, time zone and name; links the feed to calendar apps; mails a password change', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    await startSignedIn(suite, user);
    await page.goto(suite.url('/account'));
    const section = page.getByRole('region', { name: 'Language, time zone and name' });
    const locale = section.getByLabel('Locale');
    await locale.and(page.locator(':enabled')).waitFor();
    // Nothing stored yet: this browser's own (Chromium here speaks en-US in UTC).
    expect(await locale.inputValue()).toBe('en-US');
    await section.getByText(/dates read like .*from this browser; not saved yet/).waitFor();
    await section.getByText(/not saved yet, so UTC counts until it is/).waitFor();

    await locale.fill('klingon');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText(/^Locale must be a language tag such as en-GB/).waitFor();
    await locale.fill('en-AU');
    await section.getByLabel('Time zone').fill('Australia/Sydney');
    await section.getByLabel('Name on reports').fill('Grace Hopper');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Your language, time zone and name have been saved.').waitFor();
    expect((await api(runtime, user.accessToken).get('/api/account/settings')).body).toMatchObject({
      locale: 'en-AU',
      time_zone: 'Australia/Sydney',
      holder_name: 'Grace Hopper',
    });

    const calendar = page.getByRole('region', { name: 'Calendar feed' });
    await calendar.getByRole('button', { name: 'Turn on calendar feed' }).click();
    const address = await calendar.getByLabel('Feed address').inputValue();
    const webcal = address.replace(/^http:/, 'webcal:');
    expect(
      await calendar.getByRole('link', { name: 'Open in your calendar app' }).getAttribute('href'),
    ).toBe(webcal);
    expect(
      await calendar.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href'),
    ).toBe(`https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`);
    expect(await calendar.getByRole('link', { name: 'Add to Outlook' }).getAttribute('href')).toBe(
      `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(address)}&name=CPE%20Tracker`,
    );
    // After a reload the address is gone; the page says how to see one again and what that costs.
    await page.reload();
    await calendar
      .getByText(/To see it again, get a new address: the old one stops working/)
      .waitFor();
    await calendar.getByRole('button', { name: 'Get a new address' }).click();
    const again = await calendar.getByLabel('Feed address').inputValue();
    expect(again).not.toBe(address);
    expect((await fetch(address)).status).toBe(404);
    expect((await fetch(again)).status).toBe(200);

    const password = page.getByRole('region', { name: 'Change password' });
    await password.getByLabel('Current password').fill('not my password');
    await password.getByLabel('New password', { exact: true }).fill('a brand new one');
    await password.getByLabel('New password again').fill('a brand new one');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('Current password is not correct.').waitFor();
    await password.getByLabel('Current password').fill(user.password);
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('Your password has been changed.').waitFor();
    const notice = runtime.outbox
      .list()
      .find((m) => m.to === user.email && m.subject === 'CPE Tracker: your password was changed');
    expect(notice?.text).toMatch(/was changed on \d{1,2} \w{3} \d{4}, \d\d:\d\d [ap]m AE[DS]T\./);
    expect(suite.problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
  });
});
