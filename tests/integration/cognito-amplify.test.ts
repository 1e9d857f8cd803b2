import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  confirmResetPassword,
  confirmSignUp,
  deleteUser,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';
import { createCognitoEmulator } from '@cpe/local/cognito';
import type { HttpRequest } from '@cpe/local/http';
import { createAmplifyAuth } from '@cpe/web/auth/amplify';
import { configureAmplify } from '../support/amplify';
import { serve } from '../support/serve';

const USER_POOL_ID = 'ap-southeast-2_LocalPool1';
const CLIENT_ID = 'amplify-client-id';

interface Call {
  target: string;
  authFlow?: string;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  jest.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startPool() {
  const dataDir = await mkdtemp(join(tmpdir(), 'cognito-amplify-'));
  const mail: { to: string; subject: string; text: string }[] = [];
  const calls: Call[] = [];
  let issuer = '';
  const emulator = await createCognitoEmulator({
    userPoolId: USER_POOL_ID,
    clientId: CLIENT_ID,
    issuer: () => issuer,
    dataDir,
    sendMail: (message) => {
      mail.push(message);
      return Promise.resolve();
    },
  });
  // Records what Amplify puts on the wire, so the tests can tell which flow it chose.
  const recorded = async (request: HttpRequest) => {
    if (request.method === 'POST') {
      const body = JSON.parse(request.body.toString('utf8') || '{}') as { AuthFlow?: string };
      const target = (request.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
      calls.push({ target, ...(body.AuthFlow ? { authFlow: body.AuthFlow } : {}) });
    }
    return emulator.handle(request);
  };
  const served = await serve(recorded, '/_aws/cognito-idp');
  issuer = `${served.url}/${USER_POOL_ID}`;
  const storage = configureAmplify({
    userPoolId: USER_POOL_ID,
    clientId: CLIENT_ID,
    endpoint: served.url,
  });
  cleanups.push(async () => {
    await served.close();
    await emulator.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const lastCode = () => /\b(\d{6})\b/.exec(mail.at(-1)?.text ?? '')?.[1] ?? 'no code sent';
  return { mail, calls, storage, lastCode, endpoint: served.url };
}

const targets = (calls: Call[]) => calls.map((call) => call.target);

type Pool = Awaited<ReturnType<typeof startPool>>;

/** Signs up, confirms with the mailed code and signs in, all through Amplify. */
async function signedIn(pool: Pool, username: string): Promise<void> {
  await signUp({
    username,
    password: 'correct horse',
    options: { userAttributes: { email: username } },
  });
  await confirmSignUp({ username, confirmationCode: pool.lastCode() });
  await signIn({ username, password: 'correct horse' });
}

describe('Cognito emulator through aws-amplify/auth', () => {
  it('takes a user from sign-up to a reset password with Amplify defaults', async () => {
    const pool = await startPool();
    const username = 'ada@example.com';

    const signedUp = await signUp({
      username,
      password: 'correct horse',
      options: { userAttributes: { email: username, 'custom:marketing_opt': 'true' } },
    });
    expect(signedUp).toMatchObject({
      isSignUpComplete: false,
      nextStep: { signUpStep: 'CONFIRM_SIGN_UP' },
    });
    expect(signedUp.userId).toMatch(/^[0-9a-f-]{36}$/);

    const unconfirmed = await signIn({ username, password: 'correct horse' });
    expect(unconfirmed.nextStep.signInStep).toBe('CONFIRM_SIGN_UP');

    const resent = await resendSignUpCode({ username });
    expect(resent).toMatchObject({
      destination: 'a***@e***',
      deliveryMedium: 'EMAIL',
      attributeName: 'email',
    });
    expect(pool.lastCode()).toMatch(/^\d{6}$/);
    expect(pool.mail).toHaveLength(2);

    const confirmed = await confirmSignUp({ username, confirmationCode: pool.lastCode() });
    expect(confirmed.isSignUpComplete).toBe(true);

    pool.calls.length = 0;
    const signedIn = await signIn({ username, password: 'correct horse' });
    expect(signedIn).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(pool.calls).toEqual([
      { target: 'InitiateAuth', authFlow: 'USER_SRP_AUTH' },
      { target: 'RespondToAuthChallenge' },
    ]);

    const session = await fetchAuthSession();
    expect(session.tokens?.accessToken.payload).toMatchObject({
      token_use: 'access',
      client_id: CLIENT_ID,
      username: signedUp.userId,
    });
    expect(session.tokens?.idToken?.payload).toMatchObject({
      email: username,
      'custom:marketing_opt': 'true',
    });
    await expect(getCurrentUser()).resolves.toMatchObject({
      userId: signedUp.userId,
      username: signedUp.userId,
    });
    await expect(fetchUserAttributes()).resolves.toMatchObject({
      email: username,
      email_verified: 'true',
      'custom:marketing_opt': 'true',
      sub: signedUp.userId,
    });

    pool.calls.length = 0;
    await signOut();
    expect(targets(pool.calls)).toEqual(['RevokeToken']);
    await expect(fetchAuthSession()).resolves.toMatchObject({ tokens: undefined });

    await resetPassword({ username });
    expect(pool.mail.at(-1)?.subject).toMatch(/reset/i);
    await confirmResetPassword({
      username,
      confirmationCode: pool.lastCode(),
      newPassword: 'battery staple',
    });

    await expect(signIn({ username, password: 'correct horse' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await expect(signIn({ username, password: 'battery staple' })).resolves.toMatchObject({
      isSignedIn: true,
    });
  });

  it('refreshes expired tokens through GetTokensFromRefreshToken', async () => {
    const pool = await startPool();
    const username = 'grace@example.com';
    await signedIn(pool, username);
    const before = await fetchAuthSession();
    // Only Date moves: Amplify and the emulator share this process's clock, while sockets and timers keep working.
    jest.useFakeTimers({
      now: Date.now(),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    jest.setSystemTime(Date.now() + 61 * 60_000);
    pool.calls.length = 0;

    const after = await fetchAuthSession();

    expect(targets(pool.calls)).toEqual(['GetTokensFromRefreshToken']);
    expect(after.tokens?.accessToken.toString()).not.toBe(before.tokens?.accessToken.toString());
    expect(after.tokens?.accessToken.payload.origin_jti).toBe(
      before.tokens?.accessToken.payload.origin_jti,
    );
    expect((after.tokens?.accessToken.payload.exp ?? 0) * 1000).toBeGreaterThan(Date.now());
    await expect(fetchUserAttributes()).resolves.toMatchObject({ email: username });
  });

  it('signs out globally, revoking the session on the pool', async () => {
    const pool = await startPool();
    const username = 'alan@example.com';
    await signedIn(pool, username);
    const { tokens } = await fetchAuthSession();
    pool.calls.length = 0;

    await signOut({ global: true });

    expect(targets(pool.calls)).toEqual(['GlobalSignOut']);
    const response = await fetch(pool.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
      },
      body: JSON.stringify({ AccessToken: tokens?.accessToken.toString() }),
    });
    expect(await response.json()).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
  });

  it('changes the password with updatePassword, and signs in with the new one only', async () => {
    const pool = await startPool();
    const username = 'grace@example.com';
    await signedIn(pool, username);
    pool.calls.length = 0;

    await expect(
      updatePassword({ oldPassword: 'not my password', newPassword: 'a new password' }),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(
      updatePassword({ oldPassword: 'correct horse', newPassword: 'short' }),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await updatePassword({ oldPassword: 'correct horse', newPassword: 'a new password' });

    expect(targets(pool.calls)).toEqual(['ChangePassword', 'ChangePassword', 'ChangePassword']);
    await signOut();
    await expect(signIn({ username, password: 'correct horse' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(signIn({ username, password: 'a new password' })).resolves.toMatchObject({
      isSignedIn: true,
    });
  });

  it('deletes the signed-in user with deleteUser, which also signs out', async () => {
    const pool = await startPool();
    const username = 'hedy@example.com';
    await signedIn(pool, username);
    pool.calls.length = 0;

    await deleteUser();

    // Amplify then signs out locally, revoking the refresh token (already dead with the user).
    expect(targets(pool.calls)).toEqual(['DeleteUser', 'RevokeToken']);
    await expect(getCurrentUser()).rejects.toMatchObject({
      name: 'UserUnAuthenticatedException',
    });
    expect(pool.storage.items.size).toBe(0);
    await expect(signIn({ username, password: 'correct horse' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  describe("the web app's auth service (packages/web/src/auth/amplify.ts)", () => {
    /** The service as the SPA makes it: Amplify's own storage, shared by the tabs of a browser. */
    const serviceFor = (pool: Pool) =>
      createAmplifyAuth({
        region: 'ap-southeast-2',
        userPoolId: USER_POOL_ID,
        userPoolClientId: CLIENT_ID,
        userPoolEndpoint: pool.endpoint,
        apiBase: '',
        contactBase: '/beta',
      });

    it('signs in over the session another tab stored, as the same user or another', async () => {
      const pool = await startPool();
      const auth = serviceFor(pool);
      // Another tab signed in as ivy; this one still shows the login form.
      await signedIn(pool, 'ivy@example.com');
      expect(await auth.signIn('ivy@example.com', 'correct horse')).toBe('signedIn');

      await signUp({
        username: 'jo@example.com',
        password: 'correct horse',
        options: { userAttributes: { email: 'jo@example.com' } },
      });
      await confirmSignUp({ username: 'jo@example.com', confirmationCode: pool.lastCode() });
      expect(await auth.signIn('jo@example.com', 'correct horse')).toBe('signedIn');
      expect(await auth.currentUser()).toEqual({ email: 'jo@example.com' });
      // Checked like any sign-in: a wrong password is refused, whoever was signed in.
      await expect(auth.signIn('jo@example.com', 'wrong horse')).rejects.toMatchObject({
        name: 'NotAuthorizedException',
      });
    });

    it('ends the sessions signed in with the old password when the password is reset', async () => {
      const pool = await startPool();
      const auth = serviceFor(pool);
      const username = 'kim@example.com';
      await signUp({
        username,
        password: 'correct horse',
        options: { userAttributes: { email: username } },
      });
      await confirmSignUp({ username, confirmationCode: pool.lastCode() });
      /** One call to the pool, as any client sends it. */
      const call = async (target: string, body: object) => {
        const response = await fetch(pool.endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
          },
          body: JSON.stringify(body),
        });
        return (await response.json()) as Record<string, unknown>;
      };
      // Someone else's device, signed in with the old password.
      const elsewhere = (await call('InitiateAuth', {
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: 'correct horse' },
      })) as { AuthenticationResult: { AccessToken: string; RefreshToken: string } };
      const { AccessToken, RefreshToken } = elsewhere.AuthenticationResult;

      await auth.resetPassword(username);
      await auth.confirmResetPassword(username, pool.lastCode(), 'a brand new horse');

      expect(await call('GetUser', { AccessToken })).toMatchObject({
        __type: 'NotAuthorizedException',
      });
      expect(
        await call('InitiateAuth', {
          ClientId: CLIENT_ID,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: RefreshToken },
        }),
      ).toMatchObject({ __type: 'NotAuthorizedException' });
      // This device signs in with the new password, as the login page does next.
      expect(await auth.signIn(username, 'a brand new horse')).toBe('signedIn');
      expect(await auth.currentUser()).toEqual({ email: username });
    });
  });
});
