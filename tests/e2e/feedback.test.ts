/**
 * Feedback the user can see and keep, in a real browser at desktop and phone
 * sizes: messages where the user is looking, double clicks that do not undo
 * themselves, steps that survive a reload, focus that lands somewhere useful,
 * and unsaved input that is not dropped without asking.
 */
import type { Page } from 'playwright-core';
import { API_MESSAGES } from '@cpe/shared/messages';
import { createActivity, createCertification } from '../support/api';
import { api, createUser, uniqueEmail } from '../support/users';
import {
  type BrowserSuite,
  VIEWPORTS,
  type ViewportName,
  browserSuite,
  codeFor,
  field,
  focused,
  inViewport,
  mailCount,
  startSignedIn,
} from '../support/web-e2e';

const card = (page: Page, name: string) => page.getByRole('article', { name });
const FILLERS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];

/** A user with six plain certifications first and `last` at the bottom of the list. */
async function longList(suite: BrowserSuite, last: Record<string, unknown>) {
  const user = await createUser(suite.runtime);
  const client = api(suite.runtime, user.accessToken);
  for (const name of FILLERS) {
    await client.post('/api/certifications', {
      certification_name: name,
      earned_date: '2024-01-01',
      expiry_date: '2027-01-01',
      cpe_needed: null,
      verification_link: null,
    });
  }
  const created = await createCertification(client, {
    certification_name: 'Zulu',
    earned_date: '2024-01-01',
    expiry_date: '2027-01-01',
    cpe_needed: null,
    verification_link: null,
    ...last,
  });
  await startSignedIn(suite, user);
  await suite.page.goto(suite.url('/mycertifications'));
  await card(suite.page, 'Zulu').waitFor();
  await suite.page.getByLabel('Sort certifications').selectOption({ label: 'Name' });
  return { user, client, zulu: created.certification_id };
}

/** Scrolls the card's button into view and clicks it, as a user far down the list would. */
async function press(page: Page, cardName: string, button: string) {
  const target = card(page, cardName).getByRole('button', { name: button });
  await target.scrollIntoViewIfNeeded();
  await target.click();
}

async function confirm(page: Page, button: string) {
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('feedback the user sees (%s)', (size) => {
  const suite = browserSuite({ viewport: VIEWPORTS[size] });

  it('renew refused, then renewed: each message is in view at the card at the bottom of the list', async () => {
    const { page } = suite;
    const { client, zulu } = await longList(suite, { cpe_needed: 2 });

    await press(page, 'Zulu', 'Renew');
    const refused = card(page, 'Zulu').getByRole('alert');
    await refused.getByText(API_MESSAGES.insufficientCpes).waitFor();
    expect(await inViewport(refused)).toBe(true);

    await client.post('/api/activities', {
      certification_id: zulu,
      activity_name: 'Enough',
      description: '',
      cpe_units: 2,
      activity_date: '2024-06-01',
    });
    await page.reload();
    await page.getByLabel('Sort certifications').selectOption({ label: 'Name' });
    await press(page, 'Zulu', 'Renew');
    await confirm(page, 'Renew');
    const renewed = card(page, 'Zulu').getByText('Zulu has been renewed.');
    await renewed.waitFor();
    expect(await inViewport(renewed)).toBe(true);
    // Focus is back on the button that asked.
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', text: 'Renew' });
    expect(suite.problems).toEqual([]);
  });

  it('delete refused at the card; cancelled, focus back on Delete; deleted, the message in view and focused', async () => {
    const { page } = suite;
    const { client, zulu } = await longList(suite, {});
    const activity = await createActivity(client, {
      certification_id: zulu,
      activity_name: 'Blocker',
      description: '',
      cpe_units: 1,
      activity_date: '2024-06-01',
    });

    await press(page, 'Zulu', 'Delete');
    const refused = card(page, 'Zulu').getByRole('alert');
    await refused.getByText(API_MESSAGES.hasActivities).waitFor();
    expect(await inViewport(refused)).toBe(true);

    await client.delete(`/api/activities/${activity.activity_id}`);
    await press(page, 'Zulu', 'Delete');
    await confirm(page, 'Cancel');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Delete');
    expect(
      await card(page, 'Zulu')
        .getByRole('button', { name: 'Delete' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);

    await press(page, 'Zulu', 'Delete');
    await confirm(page, 'Delete');
    const deleted = page.getByText('Zulu has been deleted.');
    await deleted.waitFor();
    await page.waitForFunction(
      () => document.activeElement?.textContent?.includes('Zulu has been deleted.') === true,
    );
    expect(await inViewport(deleted)).toBe(true);
    expect(suite.problems).toEqual([]);
  });

  it('a double click on Recommend Certifications, View Activities or Renew leaves its dialog open', async () => {
    const { page } = suite;
    await longList(suite, {});

    await page.getByRole('button', { name: 'Recommend Certifications' }).dblclick();
    const recommend = page.getByRole('dialog', { name: 'Recommended Certifications' });
    await recommend.locator('.recommendation-text').waitFor();
    await page.waitForTimeout(400);
    expect(await recommend.isVisible()).toBe(true);
    await recommend.getByRole('button', { name: 'Close' }).last().click();
    await recommend.waitFor({ state: 'hidden' });

    const view = card(page, 'Zulu').getByRole('button', { name: 'View Activities' });
    await view.scrollIntoViewIfNeeded();
    await view.dblclick();
    const activities = page.getByRole('dialog', { name: 'Activities for Zulu' });
    await activities.getByText('No activities for this certification yet. Add some in!').waitFor();
    await page.waitForTimeout(400);
    expect(await activities.isVisible()).toBe(true);
    await activities.getByRole('button', { name: 'Close' }).last().click();
    await activities.waitFor({ state: 'hidden' });

    const renew = card(page, 'Zulu').getByRole('button', { name: 'Renew' });
    await renew.scrollIntoViewIfNeeded();
    await renew.dblclick();
    const ask = page.getByRole('dialog', { name: 'Please confirm' });
    await ask.waitFor();
    await page.waitForTimeout(400);
    expect(await ask.isVisible()).toBe(true);
    await confirm(page, 'Cancel');
    expect(suite.problems).toEqual([]);
  });

  it('sign-up: a double click sends one new code, and a reload keeps the confirm step and the email', async () => {
    const { page, runtime } = suite;
    const email = uniqueEmail(`reload-${size}`);
    await page.goto(suite.url('/signup'));
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('correct horse battery');
    await page.getByLabel('I accept the Terms and Conditions').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Confirm Account' }).waitFor();
    await codeFor(runtime, email);
    const before = mailCount(runtime, email);

    await page.getByRole('button', { name: 'Send a new code' }).dblclick();
    await page.getByText('A new code is on its way.').waitFor();
    const code = await codeFor(runtime, email, before);
    await page.waitForTimeout(300);
    expect(mailCount(runtime, email)).toBe(before + 1);

    await page.reload();
    await page.getByRole('heading', { name: 'Confirm Account' }).waitFor();
    expect(await page.getByText(`Account: ${email}`).isVisible()).toBe(true);
    await field(page, 'Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByText('You have been registered successfully. Redirecting to login...')
      .waitFor();
    expect(suite.problems).toEqual([]);
  });

  it('a reload during a password reset keeps its step and the email', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    const before = mailCount(runtime, user.email);
    await page.goto(suite.url('/login'));
    await page.getByRole('button', { name: 'Forgot Your Password?' }).click();
    await field(page, 'Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();

    await page.reload();

    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    expect(await page.getByText(user.email).isVisible()).toBe(true);
    await field(page, 'Reset code').fill(await codeFor(runtime, user.email, before));
    await field(page, 'New password').fill('a brand new password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('link', { name: 'Track my CPEs' }).waitFor();
    expect(suite.problems).toEqual([]);
  });

  it('/signup sends a signed-in user home', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    await startSignedIn(suite, user);
    await page.goto(suite.url('/signup'));

    await page.waitForURL(suite.url('/'));
    await page.getByRole('link', { name: 'Track my CPEs' }).waitFor();
    expect(suite.problems).toEqual([]);
  });

  it('leaving a form with unsaved input asks first: a link, then a reload', async () => {
    const { page } = suite;
    await page.goto(suite.url('/contactus'));
    await field(page, 'Your Message').click();
    await page.keyboard.type('Half a thought');

    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave this page?' });
    await ask.getByRole('button', { name: 'Stay' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(suite.url('/contactus'));
    expect(await field(page, 'Your Message').inputValue()).toBe('Half a thought');

    // The browser's own question; dismissing it keeps the page and what was typed.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.reload({ timeout: 2_000 }).catch(() => undefined);
    expect(asked).toEqual(['beforeunload']);
    expect(await field(page, 'Your Message').inputValue()).toBe('Half a thought');
    expect(suite.problems).toEqual([]);
  });
});

describe('the mobile menu', () => {
  const suite = browserSuite({ viewport: VIEWPORTS.phone });

  it('says whether it is open, and Escape closes it', async () => {
    const { page } = suite;
    await page.goto(suite.url('/aboutus'));
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    await page.getByRole('link', { name: 'Log In' }).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Log In' }).waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(suite.problems).toEqual([]);
  });
});
