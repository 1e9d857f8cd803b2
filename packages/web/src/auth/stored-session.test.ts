import { fakeAuth } from '../test/harness';
import {
  EXPIRY_MARGIN_MS,
  hasStoredSession,
  mayHaveStoredSession,
  restoreSession,
  storedSessionAuth,
  validStoredSession,
} from './stored-session';

const CLIENT = 'client123';
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const PREFIX = `CognitoIdentityServiceProvider.${CLIENT}`;

/** A JWT with `claims` (unsigned: only its payload is read). */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

/** Stores a session the way Amplify does (its key layout), the access token expiring at `exp` (ms). */
function storeSession(options: { exp: number; email?: string; user?: string; drift?: number }) {
  const user = options.user ?? 'd3f1a9c2-user';
  localStorage.setItem(`${PREFIX}.LastAuthUser`, user);
  localStorage.setItem(
    `${PREFIX}.${user}.accessToken`,
    jwt({ sub: user, exp: Math.floor(options.exp / 1000) }),
  );
  localStorage.setItem(
    `${PREFIX}.${user}.idToken`,
    jwt({ sub: user, email: options.email ?? 'ada@example.com', exp: options.exp / 1000 }),
  );
  localStorage.setItem(`${PREFIX}.${user}.refreshToken`, 'refresh');
  localStorage.setItem(`${PREFIX}.${user}.clockDrift`, String(options.drift ?? 0));
}

beforeEach(() => localStorage.clear());

describe('the session Amplify stores, read without Amplify', () => {
  it('finds nothing in an empty browser, and a session once one is stored', () => {
    expect(mayHaveStoredSession()).toBe(false);
    expect(hasStoredSession(CLIENT)).toBe(false);
    expect(validStoredSession(CLIENT, NOW)).toBeNull();

    storeSession({ exp: NOW + 3_600_000 });

    expect(mayHaveStoredSession()).toBe(true);
    expect(hasStoredSession(CLIENT)).toBe(true);
    expect(hasStoredSession('another-client')).toBe(false);
  });

  it('answers the email and the access token while the token is valid', () => {
    storeSession({ exp: NOW + 3_600_000, email: 'zoë@example.com' });

    const session = validStoredSession(CLIENT, NOW);

    expect(session?.user).toEqual({ email: 'zoë@example.com' });
    expect(session?.accessToken).toBe(localStorage.getItem(`${PREFIX}.d3f1a9c2-user.accessToken`));
  });

  it('answers nothing for a token about to expire, by Cognito’s clock', () => {
    storeSession({ exp: NOW + EXPIRY_MARGIN_MS + 1_000 });
    expect(validStoredSession(CLIENT, NOW)).not.toBeNull();
    expect(validStoredSession(CLIENT, NOW + 1_000)).toBeNull();

    // The browser's clock is 5 s behind Cognito's: the token is 5 s closer to expiry than it looks.
    storeSession({ exp: NOW + EXPIRY_MARGIN_MS + 1_000, drift: 5_000 });
    expect(validStoredSession(CLIENT, NOW)).toBeNull();
  });

  it('answers nothing for tokens it cannot read', () => {
    storeSession({ exp: NOW + 3_600_000 });
    localStorage.setItem(`${PREFIX}.d3f1a9c2-user.idToken`, 'not-a-jwt');
    expect(validStoredSession(CLIENT, NOW)).toBeNull();

    storeSession({ exp: NOW + 3_600_000 });
    localStorage.removeItem(`${PREFIX}.d3f1a9c2-user.idToken`);
    expect(validStoredSession(CLIENT, NOW)).toBeNull();
  });
});

describe('restoring the session before the first render', () => {
  it('signed out without loading Amplify when nothing is stored', async () => {
    const load = jest.fn(async () => fakeAuth());

    await expect(restoreSession(CLIENT, load)).resolves.toEqual({ user: null });
    expect(load).not.toHaveBeenCalled();
  });

  it('signed in from storage while the token is valid; Amplify loads only for what needs it', async () => {
    storeSession({ exp: Date.now() + 3_600_000 });
    const amplify = fakeAuth({ email: 'ada@example.com' });
    const load = jest.fn(async () => amplify);

    const restored = await restoreSession(CLIENT, load);

    expect(restored.user).toEqual({ email: 'ada@example.com' });
    await expect(restored.service?.accessToken()).resolves.toMatch(/^ey/);
    expect(load).not.toHaveBeenCalled();

    await restored.service?.signOut();
    await restored.service?.changePassword('old password', 'new password');
    expect(load).toHaveBeenCalledTimes(1);
    expect(amplify.signOut).toHaveBeenCalled();
    expect(amplify.changePassword).toHaveBeenCalledWith('old password', 'new password');
  });

  it('asks Amplify when the stored token has expired (it refreshes it, or finds no session)', async () => {
    storeSession({ exp: Date.now() - 1_000 });
    const amplify = fakeAuth(null);
    const load = jest.fn(async () => amplify);

    await expect(restoreSession(CLIENT, load)).resolves.toEqual({ user: null, service: amplify });
    expect(amplify.currentUser).toHaveBeenCalled();
  });

  it('a token that expires while the page is open is refreshed by Amplify', async () => {
    let now = NOW;
    storeSession({ exp: NOW + 3_600_000 });
    const amplify = fakeAuth({ email: 'ada@example.com' });
    amplify.accessToken.mockResolvedValue('refreshed');
    const auth = storedSessionAuth(
      CLIENT,
      async () => amplify,
      () => now,
    );

    await expect(auth.accessToken()).resolves.toMatch(/^ey/);
    now += 3_600_000;
    await expect(auth.accessToken()).resolves.toBe('refreshed');
    await expect(auth.currentUser()).resolves.toEqual({ email: 'ada@example.com' });
  });
});
