/**
 * The session Amplify keeps in this browser, read without Amplify's code.
 *
 * Amplify stores a signed-in user's tokens in localStorage under
 * `CognitoIdentityServiceProvider.<client id>.<user>.<key>`, the user under
 * `CognitoIdentityServiceProvider.<client id>.LastAuthUser`, and the
 * difference between the browser's clock and Cognito's as `clockDrift` (ms).
 * While the access token is valid, restoring a session is reading these: a
 * signed-in page then starts without loading Amplify (about 40 KB gzip), and
 * a new visitor's page never loads it at all. Amplify loads when it has work
 * only it can do: refreshing an expired token, signing in or out, the account
 * flows (see storedSessionAuth).
 */
import type { RestoredSession } from './AuthContext';
import type { AuthService, SessionUser } from './types';

const PREFIX = 'CognitoIdentityServiceProvider';

/** A token used within this much of its expiry is refreshed first, as a request may take that long. */
export const EXPIRY_MARGIN_MS = 60_000;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage disabled by the browser: Amplify has nothing stored either.
    return null;
  }
}

/** Some app client has a user stored (the configuration, which names the client, is not read yet). */
export function mayHaveStoredSession(): boolean {
  const store = storage();
  if (!store) return false;
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(`${PREFIX}.`) && key.endsWith('.LastAuthUser')) return true;
  }
  return false;
}

/** The app client `clientId` has a signed-in user's access token stored: Amplify can restore it. */
export function hasStoredSession(clientId: string): boolean {
  const store = storage();
  const user = store?.getItem(`${PREFIX}.${clientId}.LastAuthUser`);
  return Boolean(user && store?.getItem(`${PREFIX}.${clientId}.${user}.accessToken`));
}

/** A JWT's claims, or null when it is not one. */
function claims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export interface StoredSession {
  user: SessionUser;
  accessToken: string;
}

/**
 * The stored session of `clientId` while its access token stays valid for
 * EXPIRY_MARGIN_MS more (by Cognito's clock), with the email of its ID token;
 * null otherwise (nothing stored, expired, or not readable), when only
 * Amplify can tell.
 */
export function validStoredSession(clientId: string, now = Date.now()): StoredSession | null {
  const store = storage();
  const user = store?.getItem(`${PREFIX}.${clientId}.LastAuthUser`);
  if (!store || !user) return null;
  const key = (name: string) => store.getItem(`${PREFIX}.${clientId}.${user}.${name}`);
  const accessToken = key('accessToken');
  const idToken = key('idToken');
  if (!accessToken || !idToken) return null;
  const access = claims(accessToken);
  const email = claims(idToken)?.email;
  const drift = Number(key('clockDrift') ?? '0');
  if (typeof access?.exp !== 'number' || typeof email !== 'string' || !Number.isFinite(drift)) {
    return null;
  }
  if (now + drift + EXPIRY_MARGIN_MS >= access.exp * 1000) return null;
  return { user: { email }, accessToken };
}

/**
 * An AuthService over the stored session: the user and the access token come
 * from storage while the token is valid (read again each time, so a refresh
 * Amplify made is seen); anything else, a refresh included, goes to Amplify,
 * loaded by `load` when first needed.
 */
export function storedSessionAuth(
  clientId: string,
  load: () => Promise<AuthService>,
  now: () => number = Date.now,
): AuthService {
  let loading: Promise<AuthService> | undefined;
  const amplify = () =>
    (loading ??= load().catch((error: unknown) => {
      // Not remembered: the next call asks for the code again.
      loading = undefined;
      throw error;
    }));
  return {
    async currentUser() {
      return validStoredSession(clientId, now())?.user ?? (await amplify()).currentUser();
    },
    async accessToken() {
      return validStoredSession(clientId, now())?.accessToken ?? (await amplify()).accessToken();
    },
    signIn: async (email, password) => (await amplify()).signIn(email, password),
    signOut: async () => (await amplify()).signOut(),
    signUp: async (input) => (await amplify()).signUp(input),
    confirmSignUp: async (email, code) => (await amplify()).confirmSignUp(email, code),
    resendSignUpCode: async (email) => (await amplify()).resendSignUpCode(email),
    resetPassword: async (email) => (await amplify()).resetPassword(email),
    confirmResetPassword: async (email, code, password) =>
      (await amplify()).confirmResetPassword(email, code, password),
    changePassword: async (oldPassword, newPassword) =>
      (await amplify()).changePassword(oldPassword, newPassword),
  };
}

/**
 * The session before the first render, so the first page is drawn signed in
 * or signed out rather than loading: nothing stored needs no provider code;
 * a valid stored token needs none yet; otherwise Amplify loads and is asked
 * (it refreshes the tokens, or finds them unusable).
 */
export async function restoreSession(
  clientId: string,
  load: () => Promise<AuthService>,
): Promise<RestoredSession> {
  if (!hasStoredSession(clientId)) return { user: null };
  const stored = validStoredSession(clientId);
  if (stored) return { user: stored.user, service: storedSessionAuth(clientId, load) };
  const service = await load();
  return { user: await service.currentUser(), service };
}
