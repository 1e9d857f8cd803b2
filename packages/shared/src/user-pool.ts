/**
 * The user pool as production configures it. The CDK stack builds the pool
 * from these values and the local emulator enforces them, so the two cannot
 * drift apart. Pure data: no I/O, no AWS types.
 */

/** Sign-in is by email; Cognito then generates an opaque username (the sub). */
export const USERNAME_ATTRIBUTE = 'email' as const;

export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: false,
  requireUppercase: false,
  requireDigits: false,
  requireSymbols: false,
} as const;

export const MFA = 'OFF' as const;

/** Custom attributes writable at sign-up; Cognito stores every custom attribute as a string. */
export const CUSTOM_ATTRIBUTES = {
  marketing_opt: { type: 'String', mutable: true, minLength: 0, maxLength: 5 },
} as const;

export const MARKETING_OPT_ATTRIBUTE = 'custom:marketing_opt' as const;

/**
 * The standard attribute the sign-up form fills with the browser's IANA time
 * zone: the new account's settings start with it, so its deadlines count
 * the holder's days from the first (docs/decisions/124).
 */
export const TIME_ZONE_ATTRIBUTE = 'zoneinfo' as const;

/** Attributes a client may send with SignUp (besides the username). */
export const SIGN_UP_ATTRIBUTES = ['email', MARKETING_OPT_ATTRIBUTE, TIME_ZONE_ATTRIBUTE] as const;

export const PREVENT_USER_EXISTENCE_ERRORS = 'ENABLED' as const;

export const TOKEN_VALIDITY = {
  idTokenMinutes: 60,
  accessTokenMinutes: 60,
  refreshTokenDays: 30,
} as const;

/** Auth flows enabled on the app client (refresh is always enabled in Cognito). */
export const AUTH_FLOWS = ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'] as const;
export type AuthFlow = (typeof AUTH_FLOWS)[number];

/** The scope API Gateway methods require: any access token issued by the pool carries it. */
export const API_SCOPE = 'aws.cognito.signin.user.admin' as const;

/** Cognito replaces `{####}` with the code. */
export const VERIFICATION_EMAIL = {
  subject: 'Your CPE Tracker verification code',
  body: 'Your CPE Tracker verification code is {####}. It expires in 24 hours.',
} as const;

export const CODE_PLACEHOLDER = '{####}';
