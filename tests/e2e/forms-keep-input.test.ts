/**
 * Input never vanishes: on every form, the test types the moment the page has
 * focused the first field (no waiting for the page to settle), then submits,
 * and checks what was stored or sent. A load finishing, a focus move after
 * the page opened, a guard re-rendering or values poured into the form after
 * it opened would each lose the first keystrokes.
 */
import { API_MESSAGES } from '@cpe/shared/messages';
import type { Page } from 'playwright-core';
import type { Activity } from '@cpe/shared';
import { certificationsOf } from '../support/api';
import { api, createUser, uniqueEmail } from '../support/users';
import {
  type BrowserSuite,
  VIEWPORTS,
  type ViewportName,
  browserSuite,
  codeFor,
  field,
  mailCount,
  typeAsSoonAsFocused,
  startSignedIn,
} from '../support/web-e2e';

const list = (suite: BrowserSuite) => suite.page.goto(suite.url('/mycertifications'));
const card = (page: Page, name: string) => page.getByRole('article', { name });

const storedFor = (suite: BrowserSuite, token: string, userId: string) =>
  certificationsOf(api(suite.runtime, token), userId);

describe.each(Object.keys(VIEWPORTS) as ViewportName[])(
  'what the user types first is kept (%s)',
  (size) => {
    const suite = browserSuite({ viewport: VIEWPORTS[size] });

    it('sign-up and its confirmation code', async () => {
      const { page, runtime } = suite;
      const email = uniqueEmail(`typing-${size}`);
      await page.goto(suite.url('/signup'));

      await typeAsSoonAsFocused(page, 'Email', email);
      await field(page, 'Password').fill('correct horse battery');
      await page.getByLabel('I accept the Terms and Conditions').check();
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText(`Account: ${email}`).waitFor();
      await typeAsSoonAsFocused(page, 'Confirmation code', await codeFor(runtime, email));
      await page.getByRole('button', { name: 'Confirm' }).click();

      await page
        .getByText('You have been registered successfully. Redirecting to login...')
        .waitFor();
      expect(suite.problems).toEqual([]);
    });

    it('login, and a password reset', async () => {
      const { page, runtime } = suite;
      const user = await createUser(runtime);
      await page.goto(suite.url('/login'));
      await page.getByRole('button', { name: 'Forgot Your Password?' }).click();
      await typeAsSoonAsFocused(page, 'Email', user.email);
      const mails = mailCount(runtime, user.email);
      await page.getByRole('button', { name: 'Send Reset Code' }).click();
      await typeAsSoonAsFocused(page, 'Reset code', await codeFor(runtime, user.email, mails));
      await field(page, 'New password').fill('a brand new password');
      // Signed in by the reset, the home page reads the app user.
      const userRead = page.waitForResponse((r) =>
        new URL(r.url()).pathname.startsWith('/api/users/'),
      );
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('link', { name: 'Track my CPEs' }).waitFor();

      // Signed out again, the login form itself: once that read is done, or it would find its
      // tokens gone mid-request.
      await userRead;
      await page.evaluate(() => localStorage.clear());
      await page.goto(suite.url('/login'));
      await typeAsSoonAsFocused(page, 'Email', user.email);
      await field(page, 'Password').fill('a brand new password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('link', { name: 'Track my CPEs' }).waitFor();
      expect(suite.problems).toEqual([]);
    });

    it('add and update a certification', async () => {
      const { page, runtime } = suite;
      const user = await createUser(runtime);
      await startSignedIn(suite, user);
      await list(suite);
      await page.getByText('You have no certifications right now. Add some in!').waitFor();

      await page.getByRole('link', { name: 'Add Certification' }).click();
      await typeAsSoonAsFocused(page, 'Certification Name', 'Typed Cert');
      await field(page, 'Earned Date').fill('2024-01-15');
      await field(page, 'Number of CPEs Needed').fill('12');
      await page.getByRole('button', { name: 'Submit' }).click();
      await card(page, 'Typed Cert').waitFor();

      await card(page, 'Typed Cert').getByRole('button', { name: 'Update' }).click();
      await typeAsSoonAsFocused(page, 'Certification Name', ' v2');
      await page.getByRole('button', { name: 'Update' }).click();
      await card(page, 'Typed Cert v2').waitFor();

      const stored = await storedFor(suite, user.accessToken, user.userId);
      expect(stored.map((c) => c.certification_name)).toEqual(['Typed Cert v2']);
      expect(stored[0]).toMatchObject({ cpe_needed: 12, earned_date: '2024-01-15' });
      expect(suite.problems).toEqual([]);
    });

    it("add an activity from a certification's activities, then update it", async () => {
      const { page, runtime } = suite;
      const user = await createUser(runtime);
      const client = api(runtime, user.accessToken);
      await client.post('/api/certifications', {
        certification_name: 'Host',
        earned_date: '2024-01-01',
        expiry_date: null,
        cpe_needed: 10,
        verification_link: null,
      });
      await startSignedIn(suite, user);
      await list(suite);

      await card(page, 'Host').getByRole('button', { name: 'View Activities' }).click();
      const modal = page.getByRole('dialog', { name: 'Activities for Host' });
      await modal.getByRole('button', { name: 'Add Activity' }).click();
      await typeAsSoonAsFocused(page, 'Name', 'Typed Webinar');
      await field(page, 'CPE Units').fill('3');
      await field(page, 'Date').fill('2024-06-01');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'My Certifications' }).waitFor();

      const [host] = await storedFor(suite, user.accessToken, user.userId);
      const activities = (await client.get(`/api/activities/${host?.certification_id}`))
        .body as Activity[];
      expect(activities).toMatchObject([{ activity_name: 'Typed Webinar', cpe_units: 3 }]);

      await page.goto(suite.url(`/updateactivity/${activities[0]?.activity_id}`));
      await typeAsSoonAsFocused(page, 'Activity Name', ' (recorded)');
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByRole('heading', { level: 1, name: 'My Certifications' }).waitFor();
      const updated = (await client.get(`/api/activities/${host?.certification_id}`)).body;
      expect(updated).toMatchObject([{ activity_name: 'Typed Webinar (recorded)' }]);
      expect(suite.problems).toEqual([]);
    });

    it('the contact form', async () => {
      const { page, runtime } = suite;
      await page.goto(suite.url('/contactus'));

      await typeAsSoonAsFocused(page, 'Name', `Quick Typist ${size}`);
      await field(page, 'Email').fill(`typist.${size}@example.com`);
      await field(page, 'Your Message').fill(`Typed at once on a ${size}.`);
      await page.getByRole('button', { name: 'Submit' }).click();

      await page.getByText(API_MESSAGES.contactSent).waitFor();
      const sent = runtime.outbox
        .list()
        .find((m) => m.text.includes(`Typed at once on a ${size}.`));
      expect(sent?.text).toContain(`Quick Typist ${size}`);
      expect(suite.problems).toEqual([]);
    });
  },
);
