/**
 * The main user journey in a real browser against the whole local runtime:
 * sign up, confirm with the emailed code, certifications and activities, the
 * progress ring, renewal, deletion rules, sign out.
 */
import { API_MESSAGES } from '@cpe/shared/messages';
import type { Page } from 'playwright-core';
import { sql } from '../support/data-api';
import { uniqueEmail } from '../support/users';
import { browserSuite, codeFor, field } from '../support/web-e2e';

const card = (page: Page, name: string) => page.getByRole('article', { name });

async function addActivity(page: Page, certName: string, name: string, units: string) {
  await card(page, certName).getByRole('button', { name: 'View Activities' }).click();
  const modal = page.getByRole('dialog', { name: `Activities for ${certName}` });
  await modal.getByRole('button', { name: 'Add Activity' }).click();
  await page.getByRole('heading', { name: 'Add Activity' }).waitFor();
  await page.getByText(`For ${certName}`).waitFor();
  await field(page, 'Name').fill(name);
  await field(page, 'Description').fill(`${name}, recorded by the browser test`);
  await field(page, 'CPE Units').fill(units);
  await field(page, 'Date').fill('2024-06-01');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'My Certifications' }).waitFor();
}

async function confirmDialog(page: Page, text: string, button: string) {
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await dialog.getByText(text).waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('a user keeps a certification from sign-up to deletion', () => {
  // A browser far from UTC: the new account's settings take its time zone.
  const suite = browserSuite({ timezoneId: 'Pacific/Auckland' });

  it('signs up, confirms, tracks, renews, deletes and signs out', async () => {
    const { page, runtime } = suite;
    const email = uniqueEmail('journey');
    const password = 'correct horse battery';

    // Sign up; the button waits for the terms.
    await page.goto(suite.url('/'));
    await page.getByRole('link', { name: 'Start Tracking Your CPEs Now!' }).click();
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(password);
    expect(await page.getByRole('button', { name: 'Sign Up' }).isDisabled()).toBe(true);
    await page.getByLabel('I accept the Terms and Conditions').check();
    await page.getByLabel(/new features/).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();

    // Confirm with the emailed code: success text, then home after 3 s, signed in.
    await page.getByText("We've sent a code to your email. Please enter it here.").waitFor();
    await page.getByLabel('Confirmation code').fill(await codeFor(runtime, email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByText('You have been registered successfully. Redirecting to login...')
      .waitFor();
    await page.waitForURL(suite.url('/'), { timeout: 10_000 });
    await page.getByRole('link', { name: `Welcome, ${email}` }).waitFor();
    expect(
      await sql(
        runtime,
        `select s.time_zone from user_settings s join users u using (user_id)
          where u.email = :email`,
        { email },
      ),
    ).toEqual([{ time_zone: 'Pacific/Auckland' }]);

    // An empty list, then a certification with a 10-CPE target.
    await page.getByRole('link', { name: 'Track my CPEs' }).click();
    await page.getByText('You have no certifications right now. Add some in!').waitFor();
    await page.getByRole('link', { name: 'Add Certification' }).click();
    await field(page, 'Certification Name').fill('Browser Cert');
    await field(page, 'Earned Date').fill('2024-01-15');
    await field(page, 'Number of CPEs Needed').fill('10');
    await field(page, 'Expiry Date').fill('2027-01-15');
    await field(page, 'Verification Link').fill('https://example.com/verify/1');
    await page.getByRole('button', { name: 'Submit' }).click();
    await card(page, 'Browser Cert').waitFor();
    const ring = card(page, 'Browser Cert').getByRole('progressbar');
    expect(await ring.getAttribute('aria-valuenow')).toBe('0');
    const link = card(page, 'Browser Cert').getByRole('link', { name: /Verification link/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    // 4 of 10 CPEs: the ring shows 40 %, and renewal is refused.
    await addActivity(page, 'Browser Cert', 'Webinar', '4');
    await page.waitForFunction(
      () => document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') === '40',
    );
    expect(await ring.textContent()).toBe('40%');
    await card(page, 'Browser Cert').getByRole('button', { name: 'Renew' }).click();
    await page.getByRole('alert').getByText(API_MESSAGES.insufficientCpes).waitFor();

    // 10 of 10: renewal is allowed; the cycle's activities are archived and the ring restarts.
    await addActivity(page, 'Browser Cert', 'Conference', '6');
    await page.waitForFunction(
      () => document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') === '100',
    );
    await card(page, 'Browser Cert').getByRole('button', { name: 'Renew' }).click();
    await confirmDialog(page, 'Are you sure you would like to renew this certification?', 'Renew');
    await page.getByText('Browser Cert has been renewed.').waitFor();
    expect(await ring.getAttribute('aria-valuenow')).toBe('0');
    expect(await card(page, 'Browser Cert').getByText('Jan 15, 2030').count()).toBe(1);

    await card(page, 'Browser Cert').getByRole('button', { name: 'View Activities' }).click();
    const modal = page.getByRole('dialog', { name: 'Activities for Browser Cert' });
    await modal.getByText('Conference', { exact: true }).waitFor();
    expect(await modal.getByText('This activity has been archived.').count()).toBe(2);
    await modal.getByRole('button', { name: 'Close' }).last().click();
    await modal.waitFor({ state: 'hidden' });

    // Deleting is refused while activities exist.
    await card(page, 'Browser Cert').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(API_MESSAGES.hasActivities).waitFor();

    // Delete both activities, then the certification.
    await card(page, 'Browser Cert').getByRole('button', { name: 'View Activities' }).click();
    for (const name of ['Webinar', 'Conference']) {
      const item = modal.getByRole('listitem').filter({ hasText: name });
      await item.getByRole('button', { name: 'Delete' }).click();
      await confirmDialog(
        page,
        'Are you sure you want to delete this activity? This action is irreversible.',
        'Delete',
      );
      await item.waitFor({ state: 'detached' });
    }
    await modal.getByText('No activities for this certification yet. Add some in!').waitFor();
    await modal.getByRole('button', { name: 'Close' }).last().click();
    await modal.waitFor({ state: 'hidden' });
    await card(page, 'Browser Cert').getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(
      page,
      'Are you sure you want to delete this certification? This action is irreversible.',
      'Delete',
    );
    await page.getByText('You have no certifications right now. Add some in!').waitFor();

    // Sign out: the top bar changes and the list is guarded again.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('link', { name: 'Log In' }).waitFor();
    await page.goto(suite.url('/mycertifications'));
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    expect(page.url()).toBe(suite.url('/login'));

    expect(suite.problems).toEqual([]);
  });
});
