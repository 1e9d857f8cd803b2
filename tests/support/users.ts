/**
 * Real users for integration tests: signed up, confirmed with the code from
 * the outbox and signed in through the Cognito emulator with the real SDK.
 */
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { LocalRuntime } from '@cpe/local';
import type { User } from '@cpe/shared';
import { api, bodyOf } from './api';

// Where the suites and benchmarks that sign users up have always found the client.
export { type ApiAnswer, api } from './api';

export interface TestUser {
  email: string;
  password: string;
  accessToken: string;
  idToken: string;
  /** The app's user_id, read back through the API. */
  userId: string;
}

export function cognitoClient(runtime: Pick<LocalRuntime, 'url'>): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: 'ap-southeast-2',
    endpoint: `${runtime.url}/_aws/cognito-idp`,
    // Never used: the user operations go unsigned, as Amplify calls them.
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** What the helpers need of a runtime: an in-process one, or one running elsewhere (its outbox read over HTTP). */
export type RuntimeAt = Pick<LocalRuntime, 'url' | 'userPoolClientId'> &
  Partial<Pick<LocalRuntime, 'outbox'>>;

function codeIn(mails: Array<{ to: string; text: string }>, email: string): string {
  const mail = mails.find((m) => m.to.toLowerCase() === email.toLowerCase());
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** A mail in a runtime's outbox, as its /_dev/mail.json page lists them (newest first). */
export type OutboxMail = ReturnType<LocalRuntime['outbox']['list']>[number];

/** The outbox of a runtime in another process, read from its /_dev/mail.json page. */
export async function outboxAt(runtime: Pick<LocalRuntime, 'url'>): Promise<OutboxMail[]> {
  return (await (await fetch(`${runtime.url}/_dev/mail.json`)).json()) as OutboxMail[];
}

/** The newest code mailed to `email` (sign-up or reset). */
export function latestCode(runtime: Pick<LocalRuntime, 'outbox'>, email: string): string {
  return codeIn(runtime.outbox.list(), email);
}

/** The same, for a runtime in another process: read from its outbox page. */
async function latestCodeAt(runtime: RuntimeAt, email: string): Promise<string> {
  if (runtime.outbox) return latestCode({ outbox: runtime.outbox }, email);
  return codeIn(await outboxAt(runtime), email);
}

export async function signIn(runtime: RuntimeAt, email: string, password: string) {
  const out = await cognitoClient(runtime).send(
    new InitiateAuthCommand({
      ClientId: runtime.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const result = out.AuthenticationResult;
  if (!result?.AccessToken || !result.IdToken) throw new Error('sign-in answered no tokens');
  return { accessToken: result.AccessToken, idToken: result.IdToken };
}

export async function createUser(
  runtime: RuntimeAt,
  options: { email?: string; password?: string; marketingOpt?: boolean; timeZone?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse battery';
  const cognito = cognitoClient(runtime);
  await cognito.send(
    new SignUpCommand({
      ClientId: runtime.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'custom:marketing_opt', Value: String(options.marketingOpt ?? false) },
        ...(options.timeZone === undefined ? [] : [{ Name: 'zoneinfo', Value: options.timeZone }]),
      ],
    }),
  );
  await cognito.send(
    new ConfirmSignUpCommand({
      ClientId: runtime.userPoolClientId,
      Username: email,
      ConfirmationCode: await latestCodeAt(runtime, email),
    }),
  );
  const tokens = await signIn(runtime, email, password);
  const me = await api(runtime, tokens.accessToken).get<User>(
    `/api/users/${encodeURIComponent(email)}`,
  );
  return { email, password, ...tokens, userId: bodyOf(me).user_id };
}
