/**
 * Browser suites: one local runtime and one Chromium per test file, a fresh
 * page per test, and every console error, page error or CSP violation
 * collected so a test can fail on it.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import type { LocalRuntimeOptions } from '@cpe/local';
import { signIn } from 'aws-amplify/auth';
import { configureAmplify } from './amplify';
import { launchBrowser } from './browser';
import { type TestRuntime, startTestRuntime } from './runtime';
import { latestCode } from './users';

export interface BrowserSuite {
  runtime: TestRuntime;
  browser: Browser;
  page: Page;
  /** Console errors, uncaught page errors and CSP violations seen by the current page. */
  problems: string[];
  url(path: string): string;
}

/** Registers beforeAll/afterAll/beforeEach/afterEach hooks and answers the live suite state. */
export function browserSuite(
  options: {
    viewport?: { width: number; height: number };
    /** The IANA time zone the pages run in (the machine's when absent). */
    timezoneId?: string;
    /** Options of the suite's runtime (a short database resume budget, say). */
    runtime?: Partial<LocalRuntimeOptions>;
  } = {},
): BrowserSuite {
  const suite = { problems: [] as string[] } as BrowserSuite;
  beforeAll(async () => {
    // Chromium starts while the runtime does: neither needs the other yet.
    [suite.runtime, suite.browser] = await Promise.all([
      startTestRuntime('pglite', options.runtime),
      launchBrowser(),
    ]);
    suite.url = (path: string) => `${suite.runtime.url}${path}`;
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.runtime?.destroy();
  });
  beforeEach(async () => {
    suite.problems.length = 0;
    const context = await suite.browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 900 },
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    });
    suite.page = await context.newPage();
    suite.page.on('console', (message) => {
      if (message.type() === 'error') suite.problems.push(message.text());
    });
    suite.page.on('pageerror', (error) => suite.problems.push(error.message));
    // CSP violations also reach the console; the DOM event names the blocked directive.
    await suite.page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
  });
  afterEach(async () => {
    await suite.page?.context().close();
  });
  return suite;
}

/** The newest code mailed to `email`, waiting a little for the mail to arrive. */
export async function codeFor(runtime: TestRuntime, email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = runtime.outbox.list().filter((m) => m.to.toLowerCase() === email.toLowerCase());
    if (mails.length > after) return latestCode(runtime, email);
    if (Date.now() > deadline) throw new Error(`no new code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function mailCount(runtime: TestRuntime, email: string): number {
  return runtime.outbox.list().filter((m) => m.to.toLowerCase() === email.toLowerCase()).length;
}

export async function signInViaUi(suite: BrowserSuite, email: string, password: string) {
  const { page } = suite;
  await page.goto(suite.url('/login'));
  await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: `Welcome, ${email}` }).waitFor();
}

/**
 * Signs the tab's context in as `user` without the login page: the real
 * Amplify client signs in from the test against the runtime's user pool, and
 * the tokens it stores become the context's localStorage (Playwright's
 * storage state), where the SPA's own Amplify finds them on the next page
 * load. For tests whose subject is a page, not signing in: it saves each the
 * login page and its sign-in. Tests about signing in use the form
 * (`signInViaUi`, the auth and journey suites).
 */
export async function startSignedIn(
  suite: BrowserSuite,
  user: { email: string; password: string },
): Promise<void> {
  const { page, runtime } = suite;
  const storage = configureAmplify({
    userPoolId: runtime.userPoolId,
    clientId: runtime.userPoolClientId,
    endpoint: `${runtime.url}/_aws/cognito-idp`,
  });
  const result = await signIn({
    username: user.email,
    password: user.password,
    options: { authFlowType: 'USER_PASSWORD_AUTH' },
  });
  if (!result.isSignedIn) {
    throw new Error(`${user.email} is not signed in: ${result.nextStep.signInStep}`);
  }
  await page.context().setStorageState({
    cookies: [],
    origins: [
      {
        origin: new URL(runtime.url).origin,
        localStorage: [...storage.items].map(([name, value]) => ({ name, value })),
      },
    ],
  });
}

/** A labelled form field, whatever its type (its label may carry a decorative '*'). */
export function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^(\\* )?${label}$`));
}

/** The two sizes every browser check of the app's behaviour runs at. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

/**
 * The top bar's navigation. On a phone its links sit in a menu: it is opened
 * first and used once its opening transition has ended.
 */
export async function topBar(page: Page, size: ViewportName): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (size === 'phone') {
    const toggle = nav.getByRole('button', { name: 'Toggle navigation' });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await page.locator('#top-nav.show').waitFor();
  }
  return nav;
}

/**
 * Waits until the page itself has put focus on the field labelled `label`
 * (a form page focuses its first field when it opens), then types `text`
 * with the keyboard into whatever has focus at that moment: anything that
 * moves focus or resets the form after it opened loses keystrokes.
 */
export async function typeAsSoonAsFocused(page: Page, label: string, text: string) {
  const target = field(page, label);
  await target.waitFor();
  const id = await target.getAttribute('id');
  await page.waitForFunction((wanted) => document.activeElement?.id === wanted, id, {
    timeout: 5_000,
  });
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

/** Whether the element is fully inside the viewport (what the user is looking at). */
export async function inViewport(locator: ReturnType<Page['locator']>): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  });
}

/** The focused element: its tag and text (to tell a button or a message from the page). */
export async function focused(page: Page): Promise<{ text: string; tag: string }> {
  return page.evaluate(() => ({
    text: (document.activeElement?.textContent ?? '').trim(),
    tag: document.activeElement?.tagName ?? '',
  }));
}
