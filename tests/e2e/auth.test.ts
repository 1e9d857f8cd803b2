/**
 * Account flows in a real browser through Amplify and the Cognito emulator:
 * an unconfirmed user signing in, a forgotten password, a wrong password.
 */
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, createUser, uniqueEmail } from '../support/users';
import { browserSuite, codeFor, field, mailCount, signInViaUi } from '../support/web-e2e';

describe('account flows', () => {
  const suite = browserSuite();

  it('an unconfirmed user who logs in lands on the confirm step, gets a new code and confirms', async () => {
    const { page, runtime } = suite;
    const email = uniqueEmail('unconfirmed');
    const password = 'correct horse battery';
    await cognitoClient(runtime).send(
      new SignUpCommand({
        ClientId: runtime.userPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const mailsBefore = mailCount(runtime, email);

    await page.goto(suite.url('/login'));
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page
      .getByText(
        "You have not yet confirmed your account. We've resent a code to your email. Please enter it here.",
      )
      .waitFor();
    expect(page.url()).toBe(suite.url('/signup'));
    const code = await codeFor(runtime, email, mailsBefore);
    expect(mailCount(runtime, email)).toBe(mailsBefore + 1);
    await page.getByLabel('Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByText('You have been registered successfully. Redirecting to login...')
      .waitFor();
    await page.waitForURL(suite.url('/login'), { timeout: 10_000 });

    await signInViaUi(suite, email, password);
    // Cognito answers the unconfirmed sign-in with a 400, which Chromium logs; nothing else may be.
    expect(suite.problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
  });

  it('a forgotten password: reset code by email, new password, signed in at home', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    const mailsBefore = mailCount(runtime, user.email);

    await page.goto(suite.url('/login'));
    await page.getByRole('button', { name: 'Forgot Your Password?' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await field(page, 'Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await page.getByLabel('Reset code').fill(await codeFor(runtime, user.email, mailsBefore));
    await page.getByLabel('New password').fill('a brand new password');
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await page.getByRole('link', { name: `Welcome, ${user.email}` }).waitFor();
    expect(page.url()).toBe(suite.url('/'));
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('link', { name: 'Log In' }).waitFor();
    await signInViaUi(suite, user.email, 'a brand new password');
    expect(suite.problems).toEqual([]);
  });

  it('a Log Out Cognito does not answer leaves no session behind: the tab opened again is signed out', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    await signInViaUi(suite, user.email, user.password);
    // The revocation never gets an answer; every other call to the pool goes through.
    await page.route('**/_aws/cognito-idp**', async (route) => {
      const target = route.request().headers()['x-amz-target'] ?? '';
      if (!target.endsWith('.RevokeToken')) await route.continue();
    });

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('link', { name: 'Log In' }).waitFor();

    // The tab opened again (the revocation still unanswered, and cancelled by the navigation) on a page that needs a session: it asks to sign in.
    await page.goto(suite.url('/mycertifications'));
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('link', { name: `Welcome, ${user.email}` }).count()).toBe(0);
  });

  it("a wrong password says 'Incorrect email or password.'", async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);

    await page.goto(suite.url('/login'));
    await field(page, 'Email').fill(user.email);
    await field(page, 'Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByText('Incorrect email or password.').waitFor();
    expect(page.url()).toBe(suite.url('/login'));
    // The emulator answers 400 to the failed sign-in; Chromium logs that response, nothing else.
    expect(suite.problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
  });
});
