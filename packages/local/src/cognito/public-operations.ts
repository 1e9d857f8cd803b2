/**
 * The user pool operations AWS serves without SigV4: a user calls them with
 * a password, a code or a token (the `smithy.api#noAuth` operations of the
 * cognito-idp model, which neither Amplify nor the SDK signs). Every other
 * operation (the Admin* family, ListUsers, DescribeUserPool, ...) must be
 * signed by IAM credentials; the emulator checks that signature before it
 * refuses the operation as one it does not implement, as AWS authenticates
 * before anything else.
 */
import type { HttpRequest } from '../http/types';

export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  'AssociateSoftwareToken',
  'ChangePassword',
  'CompleteWebAuthnRegistration',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'DeleteWebAuthnCredential',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GetUserAuthFactors',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ListUserSessions',
  'ListWebAuthnCredentials',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'RevokeUserSession',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'StartWebAuthnRegistration',
  'UpdateAuthEventFeedback',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
]);

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** Whether the request names an operation AWS serves unsigned. */
export function isPublicOperation(request: Pick<HttpRequest, 'headers'>): boolean {
  const target = request.headers['x-amz-target'] ?? '';
  return (
    target.startsWith(TARGET_PREFIX) && PUBLIC_OPERATIONS.has(target.slice(TARGET_PREFIX.length))
  );
}
