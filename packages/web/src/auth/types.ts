/** What the pages need from the identity provider. Amplify implements it (auth/amplify.ts); tests fake it. */
export interface SessionUser {
  email: string;
}

export type SignInOutcome = 'signedIn' | 'unconfirmed';

export interface SignUpInput {
  email: string;
  password: string;
  marketingOpt: boolean;
}

export interface AuthService {
  /** The signed-in user, or null. Never throws. */
  currentUser(): Promise<SessionUser | null>;
  /** A valid access token for the API, refreshed when needed; null when signed out. */
  accessToken(): Promise<string | null>;
  /** Throws on wrong credentials; answers 'unconfirmed' for a user who has not confirmed the sign-up code. */
  signIn(email: string, password: string): Promise<SignInOutcome>;
  signOut: () => Promise<void>;
  /** Answers whether the account still needs its emailed code. */
  signUp(input: SignUpInput): Promise<{ needsConfirmation: boolean }>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendSignUpCode(email: string): Promise<void>;
  resetPassword(email: string): Promise<void>;
  confirmResetPassword(email: string, code: string, newPassword: string): Promise<void>;
  /** The signed-in user's password, proving the old one (Cognito ChangePassword). */
  changePassword(oldPassword: string, newPassword: string): Promise<void>;
}

/** The provider's message for a failure (Amplify errors carry Cognito's text). */
export function authErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
