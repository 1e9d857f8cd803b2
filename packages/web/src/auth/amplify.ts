/**
 * AuthService over aws-amplify v6 (auth category only). Loaded on demand so
 * Amplify stays out of the first chunk. Locally `userPoolEndpoint` points at
 * the Cognito emulator; in AWS it is absent and Amplify talks to Cognito.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { ConsoleLogger } from 'aws-amplify/utils';
import { MARKETING_OPT_ATTRIBUTE, TIME_ZONE_ATTRIBUTE } from '@cpe/shared/user-pool';
import type { RuntimeConfig } from '../config';
import { atMost } from '../lib/at-most';
import { TokenStorage } from './token-storage';
import type { AuthService, SignInOutcome } from './types';

/**
 * How long a sign-out waits for Cognito to revoke the session before the
 * tokens go anyway: within the page's own wait (SIGN_OUT_TIMEOUT_MS, 3 s), so
 * the page never says "signed out" while they are still stored.
 */
export const REVOCATION_WAIT_MS = 2_000;

/** The session's tokens, in localStorage as Amplify keeps them by default. */
export const tokenStorage = new TokenStorage();

export function createAmplifyAuth(config: RuntimeConfig): AuthService {
  const { userPoolId, userPoolClientId, userPoolEndpoint } = config;
  // Amplify warns on every call that a custom pool endpoint is set; errors still reach the console.
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  Amplify.configure({
    Auth: {
      Cognito: { userPoolId, userPoolClientId, ...(userPoolEndpoint ? { userPoolEndpoint } : {}) },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(tokenStorage);

  async function currentUser() {
    try {
      const session = await fetchAuthSession();
      const email = session.tokens?.idToken?.payload.email;
      return typeof email === 'string' ? { email } : null;
    } catch (error) {
      console.warn('Could not read the session', error);
      return null;
    }
  }

  async function signInWith(email: string, password: string): Promise<SignInOutcome> {
    const attempt = async () => {
      try {
        const result = await signIn({ username: email, password });
        if (result.isSignedIn) return 'signedIn' as const;
        if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'unconfirmed' as const;
        throw new Error(`Unsupported sign-in step ${result.nextStep.signInStep}`);
      } catch (error) {
        if (error instanceof Error && error.name === 'UserNotConfirmedException') {
          return 'unconfirmed' as const;
        }
        throw error;
      }
    };
    try {
      return await attempt();
    } catch (error) {
      // Signed in already, in another tab (the tabs share the stored session): the form's
      // credentials take the place of the stored session, checked like any other sign-in.
      if (!(error instanceof Error) || error.name !== 'UserAlreadyAuthenticatedException') {
        throw error;
      }
      await signOut();
      return attempt();
    }
  }

  return {
    currentUser,
    async accessToken() {
      try {
        const session = await fetchAuthSession();
        return session.tokens?.accessToken.toString() ?? null;
      } catch (error) {
        // The pool out of reach: Amplify keeps the tokens, and so does the page (the caller
        // says the server could not be reached). Any other failure has ended the session.
        if (error instanceof Error && error.name === 'NetworkError') throw error;
        console.warn('Could not refresh the session', error);
        return null;
      }
    },
    signIn: signInWith,
    async signOut() {
      // Amplify removes the tokens once Cognito has answered the revocation; a slow or lost
      // answer, and a tab closed meanwhile, would keep them. They go after a short wait anyway.
      try {
        await atMost(signOut(), REVOCATION_WAIT_MS);
      } finally {
        await tokenStorage.clear();
      }
    },
    async signUp({ email, password, marketingOpt }) {
      const result = await signUp({
        username: email,
        password,
        options: {
          userAttributes: {
            email,
            [MARKETING_OPT_ATTRIBUTE]: String(marketingOpt),
            // The account's time zone until the holder changes it (the API checks the name).
            [TIME_ZONE_ATTRIBUTE]: Intl.DateTimeFormat().resolvedOptions().timeZone,
          },
        },
      });
      return { needsConfirmation: result.nextStep.signUpStep === 'CONFIRM_SIGN_UP' };
    },
    async confirmSignUp(email, code) {
      await confirmSignUp({ username: email, confirmationCode: code });
    },
    async resendSignUpCode(email) {
      await resendSignUpCode({ username: email });
    },
    async resetPassword(email) {
      await resetPassword({ username: email });
    },
    async confirmResetPassword(email, code, newPassword) {
      await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
      // A reset is how someone takes back an account another got into: Cognito keeps the
      // sessions signed in with the old password, so they end here, signed in once with the new
      // one to end them all. The reset itself has succeeded whatever this answers.
      try {
        if ((await signInWith(email, newPassword)) === 'signedIn') {
          await signOut({ global: true });
        }
      } catch (error) {
        console.warn('Could not end the sessions signed in before the reset', error);
      }
    },
    async changePassword(oldPassword, newPassword) {
      await updatePassword({ oldPassword, newPassword });
    },
  };
}
