/**
 * Every message the emulator answers with, worded as Cognito words them
 * (docs/aws-fidelity.md, Cognito). Kept together so a correction is one edit.
 */
export const messages = {
  usernameExists: 'An account with the given email already exists.',
  passwordTooShort: 'Password did not conform with policy: Password not long enough',
  passwordTooLong:
    'Password did not conform with policy: Password must have less than 256 characters',
  passwordWhitespace:
    "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$",
  usernameNotEmail: 'Username should be an email.',
  /** The model's length constraint on Username, worded as Coral validation words it (the value is sensitive: not echoed). */
  usernameTooLong: (max: number) =>
    `1 validation error detected: Value at 'username' failed to satisfy constraint: Member must have length less than or equal to ${max}`,
  /** The model's pattern constraint on Username. */
  usernamePattern: (pattern: string) =>
    `1 validation error detected: Value at 'username' failed to satisfy constraint: Member must satisfy regular expression pattern: ${pattern}`,
  emailMismatch: 'Email attribute must match the username.',
  unknownAttribute: (name: string) =>
    `Attributes did not conform to the schema: ${name}: Attribute does not exist in the schema.\n`,
  attributeTooLong: (name: string, max: number) =>
    `Attributes did not conform to the schema: ${name}: String must be no longer than ${max} characters`,
  userNotConfirmed: 'User is not confirmed.',
  incorrectCredentials: 'Incorrect username or password.',
  passwordAttemptsExceeded: 'Password attempts exceeded',
  cannotConfirm: (status: string) => `User cannot be confirmed. Current status is ${status}`,
  alreadyConfirmed: 'User is already confirmed.',
  cannotResetUnverified:
    'Cannot reset password for the user as there is no registered/verified email or phone_number',
  accessTokenRevoked: 'Access Token has been revoked',
  accessTokenExpired: 'Access Token has expired',
  invalidAccessToken: 'Invalid Access Token',
  refreshTokenRevoked: 'Refresh Token has been revoked',
  refreshTokenExpired: 'Refresh Token has expired',
  invalidRefreshToken: 'Invalid Refresh Token',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  limitExceeded: 'Attempt limit exceeded, please try after some time.',
  sessionExpired: 'Invalid session for the user, session is expired.',
  clientNotFound: (clientId: string) => `User pool client ${clientId} does not exist.`,
  flowNotEnabled: (flow: string) => `${flow} flow not enabled for this client`,
  unsupportedChallenge: (name: string) =>
    `Challenge ${name} is not supported by the local user pool.`,
  invalidSrpA: 'SRP_A value is invalid.',
  missingParameter: (name: string) => `Missing required parameter ${name}`,
  validation: (field: string, problem: string) =>
    `1 validation error detected: Value at '${field}' failed to satisfy constraint: ${problem}`,
  serialization: 'Request body is not valid JSON.',
  unsupportedOperation: (operation: string) =>
    `The local user pool does not implement ${operation}.`,
  missingTarget: 'Missing or malformed x-amz-target header.',
  codeDeliveryFailed: 'Unable to deliver the verification code.',
  lambdaFailed: (trigger: string, reason: string) => `${trigger} failed with error ${reason}.`,
  internal: 'An internal error occurred.',
} as const;
