/**
 * The SPA served by the local runtime, in a real browser, signed out: it loads
 * its runtime config, renders every public page, routes client-side, sends
 * the contact form, and runs under the production CSP without violations.
 */
import { API_MESSAGES } from '@cpe/shared/messages';
import { browserSuite, field } from '../support/web-e2e';

describe('the web app, signed out', () => {
  const suite = browserSuite();

  it('renders the home page with the brand and the sign-up call to action', async () => {
    const { page } = suite;
    const response = await page.goto(suite.url('/'));

    expect(response?.status()).toBe(200);
    await page.getByRole('link', { name: 'Start Tracking Your CPEs Now!' }).waitFor();
    expect(await page.getByRole('link', { name: 'CPE Tracker' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(suite.problems).toEqual([]);
  });

  it('shows the 404 page for unknown client routes and goes home from it', async () => {
    const { page } = suite;
    await page.goto(suite.url('/no/such/page'));
    await page.getByText("Oops! This isn't the apple you were trying to pick.").waitFor();
    expect(await page.getByRole('heading', { name: '404' }).isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Go Home' }).click();

    await page.waitForURL(suite.url('/'));
    expect(suite.problems).toEqual([]);
  });

  it('navigates the static pages from the footer', async () => {
    const { page } = suite;
    await page.goto(suite.url('/'));
    const footer = page.getByRole('contentinfo');

    await footer.getByRole('link', { name: 'Terms and Conditions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }).waitFor();
    expect(
      await page.getByText('These terms are governed by the laws of Australia.').isVisible(),
    ).toBe(true);
    await footer.getByRole('link', { name: 'About Us' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL(suite.url('/'));
    expect(suite.problems).toEqual([]);
  });

  it('sends the contact form, then goes home with the thank-you text', async () => {
    const { page } = suite;
    await page.goto(suite.url('/contactus'));
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();

    await field(page, 'Name').fill('Ada Lovelace');
    await field(page, 'Email').fill('ada.contact@example.com');
    await field(page, 'Your Message').fill('Hello from the browser test.');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.getByText(API_MESSAGES.contactSent).waitFor();
    expect(page.url()).toBe(suite.url('/'));
    const notified = suite.runtime.outbox
      .list()
      .find((m) => m.text.includes('Hello from the browser test.'));
    expect(notified).toBeDefined();
    expect(suite.problems).toEqual([]);
  });

  it('guards the signed-in pages: /mycertifications goes to /login', async () => {
    const { page } = suite;
    await page.goto(suite.url('/mycertifications'));

    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    expect(page.url()).toBe(suite.url('/login'));
    expect(suite.problems).toEqual([]);
  });
});
