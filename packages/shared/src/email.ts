/**
 * The one email rule: the addresses the user pool accepts as a username.
 * Sign-in is by email (user-pool.ts), so an address Cognito signs up must be
 * one the API serves, or the user is confirmed and then stranded without a
 * record. The API's schemas, the web forms and the local Cognito emulator all
 * read this rule.
 *
 * What Cognito states (API reference, SignUp and the user types):
 * - `Username`: 1 to 128 characters, matching `[\p{L}\p{M}\p{S}\p{N}\p{P}]+`
 *   (letters, marks, symbols, numbers, punctuation: no spaces, no control or
 *   format characters). Lengths are counted in characters (code points), as
 *   the AWS models define string length.
 * - In a pool whose usernames are emails, a username that is not an email
 *   fails with "Username should be an email.". Cognito publishes no grammar
 *   for that check, so the rule here is the least the word means: a local
 *   part, an `@`, and a domain without `@`. It accepts quoted local parts and
 *   non-ASCII addresses, as Cognito does; being no stricter than Cognito is
 *   what keeps a confirmed user from being refused by the API.
 */

export const COGNITO_USERNAME = {
  minLength: 1,
  maxLength: 128,
  /** As the AWS model writes it (unanchored there; Cognito refuses any character outside it). */
  pattern: '[\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+',
} as const;

const USERNAME_CHARACTERS = new RegExp(`^${COGNITO_USERNAME.pattern}$`, 'u');

export type EmailProblem = 'empty' | 'too-long' | 'characters' | 'not-email';

/** Why `value` is not a username the pool accepts, checked in Cognito's order; null when it is one. */
export function emailProblem(value: string): EmailProblem | null {
  if (value.length === 0) return 'empty';
  // By code point: an emoji is one character, as AWS counts.
  if ([...value].length > COGNITO_USERNAME.maxLength) return 'too-long';
  if (!USERNAME_CHARACTERS.test(value)) return 'characters';
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return 'not-email';
  return null;
}

export function isEmail(value: string): boolean {
  return emailProblem(value) === null;
}

/** What a form or the API says about each problem. */
export const EMAIL_MESSAGES: Record<EmailProblem, string> = {
  empty: 'email is required',
  'too-long': `email must be at most ${COGNITO_USERNAME.maxLength} characters`,
  characters: 'email must not contain spaces or control characters',
  'not-email': 'must be an email address',
};

/**
 * The address as a mail header may carry it, or undefined when it cannot go
 * there unchanged: SES takes only 7-bit ASCII local parts (no SMTPUTF8) and
 * ASCII (punycode) domains, and a header must not hold quotes or brackets it
 * did not ask for. Such an address still reaches the owner inside the text.
 */
export function asciiMailbox(value: string): string | undefined {
  return /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value)
    ? value
    : undefined;
}
