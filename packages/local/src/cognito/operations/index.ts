import type { Operation } from '../services';
import { changePassword } from './change-password';
import { confirmForgotPassword } from './confirm-forgot-password';
import { confirmSignUp } from './confirm-sign-up';
import { deleteUser } from './delete-user';
import { forgotPassword } from './forgot-password';
import { getTokensFromRefreshToken } from './get-tokens-from-refresh-token';
import { getUser } from './get-user';
import { globalSignOut } from './global-sign-out';
import { initiateAuth } from './initiate-auth';
import { resendConfirmationCode } from './resend-confirmation-code';
import { respondToAuthChallenge } from './respond-to-auth-challenge';
import { revokeToken } from './revoke-token';
import { signUp } from './sign-up';

/** The only operations the emulator answers; the router refuses every other name. */
export const operations: Readonly<Record<string, Operation>> = {
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: resendConfirmationCode,
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  GetTokensFromRefreshToken: getTokensFromRefreshToken,
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  GetUser: getUser,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
  ChangePassword: changePassword,
  DeleteUser: deleteUser,
};
