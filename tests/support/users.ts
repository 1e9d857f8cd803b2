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

export interface TestUser {
  email: string;
  password: string;
  accessToken: string;
  idToken: string;
  /** The app's user_id, read back through the API. */
  userId: string;
}

export function cognitoClient(runtime: LocalRuntime): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: 'ap-southeast-2',
    endpoint: `${runtime.url}/_aws/cognito-idp`,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** The newest code mailed to `email` (sign-up or reset). */
export function latestCode(runtime: LocalRuntime, email: string): string {
  const mail = runtime.outbox.list().find((m) => m.to.toLowerCase() === email.toLowerCase());
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export async function signIn(runtime: LocalRuntime, email: string, password: string) {
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
  runtime: LocalRuntime,
  options: { email?: string; password?: string; marketingOpt?: boolean } = {},
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
      ],
    }),
  );
  await cognito.send(
    new ConfirmSignUpCommand({
      ClientId: runtime.userPoolClientId,
      Username: email,
      ConfirmationCode: latestCode(runtime, email),
    }),
  );
  const tokens = await signIn(runtime, email, password);
  const me = await api(runtime, tokens.accessToken).get(`/api/users/${encodeURIComponent(email)}`);
  if (me.status !== 200) throw new Error(`GET /api/users answered ${me.status}`);
  return { email, password, ...tokens, userId: (me.body as { user_id: string }).user_id };
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A small fetch wrapper speaking JSON to the local gateway with a bearer token. */
export function api(runtime: LocalRuntime, accessToken?: string) {
  async function call(
    method: string,
    path: string,
    body?: unknown,
    raw?: string,
  ): Promise<ApiAnswer> {
    const headers: Record<string, string> = {};
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    const sendsBody = body !== undefined || (raw !== undefined && raw !== '');
    if (sendsBody) headers['content-type'] = 'application/json';
    const response = await fetch(`${runtime.url}${path}`, {
      method,
      headers,
      ...(sendsBody ? { body: raw !== undefined ? raw : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // Non-JSON answers stay text, so a test can show them.
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }
  return {
    get: (path: string) => call('GET', path),
    delete: (path: string) => call('DELETE', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    raw: (method: string, path: string, text: string) => call(method, path, undefined, text),
  };
}
