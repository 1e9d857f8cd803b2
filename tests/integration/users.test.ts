/**
 * Accounts end to end: Cognito emulator -> PostConfirmation trigger -> users
 * row; the authorizer in front of the users routes.
 */
import { ManualClock } from '@cpe/local';
import { generateKeyPair, SignJWT, decodeJwt } from 'jose';
import { expected } from '../support/expected';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { ConfirmSignUpCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { sql } from '../support/data-api';
import {
  type TestUser,
  api,
  cognitoClient,
  createUser,
  latestCode,
  signIn,
  uniqueEmail,
} from '../support/users';

describe.each(backendNames())('accounts and users routes on %s', (backend) => {
  let runtime: TestRuntime;
  let ada: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
    ada = await createUser(runtime, { marketingOpt: true });
    bob = await createUser(runtime, { marketingOpt: false });
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  it('creates the user row on confirmation, with marketing_opt as chosen at sign-up', async () => {
    const answer = await api(runtime, ada.accessToken).get(
      `/api/users/${encodeURIComponent(ada.email)}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      user_id: expected.any(String),
      email: ada.email,
      marketing_opt: true,
    });
    const bobs = await api(runtime, bob.accessToken).get(
      `/api/users/${encodeURIComponent(bob.email.toUpperCase())}`,
    );
    expect(bobs.body).toEqual({ user_id: bob.userId, email: bob.email, marketing_opt: false });
  });

  it('starts the settings with the time zone given at sign-up, when it names one', async () => {
    const [auckland, lowercase, unknown, none] = await Promise.all(
      ['Pacific/Auckland', 'america/new_york', 'Not/AZone', undefined].map((timeZone) =>
        createUser(runtime, timeZone === undefined ? {} : { timeZone }),
      ),
    );
    const zoneOf = async (user: TestUser) =>
      (
        (await api(runtime, user.accessToken).get('/api/account/settings')).body as {
          time_zone: string | null;
        }
      ).time_zone;
    expect(await zoneOf(auckland!)).toBe('Pacific/Auckland');
    expect(await zoneOf(lowercase!)).toBe('America/New_York');
    expect(await zoneOf(unknown!)).toBeNull();
    expect(await zoneOf(none!)).toBeNull();
    // The rest of the settings are the defaults, as for an account without a settings row.
    const settings = (await api(runtime, auckland!.accessToken).get('/api/account/settings')).body;
    const defaults = (await api(runtime, none!.accessToken).get('/api/account/settings')).body;
    expect(settings).toEqual({
      ...(defaults as object),
      forwarding_address: expected.stringMatching(/@/),
      time_zone: 'Pacific/Auckland',
    });
  });

  it("answers 404 for another user's email and for unknown emails", async () => {
    const other = await api(runtime, ada.accessToken).get(
      `/api/users/${encodeURIComponent(bob.email)}`,
    );
    expect(other.status).toBe(404);
    const unknown = await api(runtime, ada.accessToken).get('/api/users/nobody%40example.com');
    expect(unknown.status).toBe(404);
    expect(other.body).toEqual(unknown.body);
  });

  it('POST /api/users is idempotent and accepts only the caller own email', async () => {
    const first = await api(runtime, bob.accessToken).post('/api/users', { email: bob.email });
    const second = await api(runtime, bob.accessToken).post('/api/users', {
      email: bob.email,
      marketing_opt: true,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ user_id: bob.userId, email: bob.email, marketing_opt: false });
    expect(second.body).toEqual({ user_id: bob.userId, email: bob.email, marketing_opt: true });

    const forged = await api(runtime, bob.accessToken).post('/api/users', {
      email: ada.email,
      marketing_opt: false,
    });
    expect(forged.status).toBe(404);
    const adaStill = await api(runtime, ada.accessToken).get(
      `/api/users/${encodeURIComponent(ada.email)}`,
    );
    expect(adaStill.body).toMatchObject({ marketing_opt: true });
  });

  it('POST /api/users recreates a missing row from the email Cognito holds, never the body', async () => {
    const carol = await createUser(runtime);
    await sql(runtime, 'delete from users where lower(email) = lower(:email)', {
      email: carol.email,
    });
    const path = `/api/users/${encodeURIComponent(carol.email)}`;
    expect((await api(runtime, carol.accessToken).get(path)).status).toBe(404);

    const forged = await api(runtime, carol.accessToken).post('/api/users', {
      email: 'someone@else.example',
    });
    expect(forged.status).toBe(404);
    const ensured = await api(runtime, carol.accessToken).post('/api/users', {
      email: carol.email,
      marketing_opt: true,
    });
    expect(ensured).toMatchObject({
      status: 200,
      body: { email: carol.email, marketing_opt: true },
    });
    expect((await api(runtime, carol.accessToken).get(path)).body).toEqual(ensured.body);
  });

  const PASSWORD = 'long enough password';
  const signUp = (email: string) =>
    cognitoClient(runtime).send(
      new SignUpCommand({
        ClientId: runtime.userPoolClientId,
        Username: email,
        Password: PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
  const confirm = (email: string, code: string) =>
    cognitoClient(runtime).send(
      new ConfirmSignUpCommand({
        ClientId: runtime.userPoolClientId,
        Username: email,
        ConfirmationCode: code,
      }),
    );

  it('fails confirmation when the trigger cannot write the row, and confirms on a retry', async () => {
    const email = uniqueEmail('retry');
    await signUp(email);
    const code = latestCode(runtime, email);
    runtime.rdsData.faults.failNext(1, 'DatabaseErrorException');
    await expect(confirm(email, code)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
    });
    await expect(signIn(runtime, email, PASSWORD)).rejects.toMatchObject({
      name: 'UserNotConfirmedException',
    });

    await confirm(email, code);
    const tokens = await signIn(runtime, email, PASSWORD);
    const me = await api(runtime, tokens.accessToken).get(
      `/api/users/${encodeURIComponent(email)}`,
    );
    expect(me).toMatchObject({ status: 200, body: { email, marketing_opt: false } });
  });

  it('fails confirmation over a row left with the same email in words that name no SQL', async () => {
    // Arrange: a user row with this email under another sub, as one left behind by a deleted account.
    const email = uniqueEmail('left-behind');
    await sql(
      runtime,
      `insert into users (cognito_sub, email) values (cast(gen_random_uuid() as text), :email)`,
      { email },
    );
    await signUp(email);

    // Act
    const confirming = confirm(email, latestCode(runtime, email));

    // Assert: what the browser is shown.
    const error = await confirming.then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    );
    expect(error).toMatchObject({
      name: 'UserLambdaValidationException',
      message: expected.stringMatching(
        /^PostConfirmation failed with error .*Your account could not be set up\. Please try again later\.$/,
      ),
    });
    expect(error?.message).not.toMatch(/duplicate|constraint|users_|key value|violates/i);
  });

  describe('emails Cognito accepts (issue 9 item 6)', () => {
    const local128 = `${'a'.repeat(60)}.${'b'.repeat(128 - 61 - '@example.com'.length)}`;
    it.each([
      ['128 characters, the username limit', `${local128}@example.com`],
      ['a quoted local part', `"ada..lovelace.${backend}"@example.com`],
      ['non-ASCII letters', `zoë.müller.${backend}@bücher.example`],
      ['a non-Latin script', `用户.${backend}@例子.广告`],
      ['a plus tag and rare punctuation', `o'brien+cpe!#$%&*=?^_{|}~.${backend}@example.com`],
    ])('never strand a user: %s signs up, confirms, and has a record', async (_label, email) => {
      expect([...email].length).toBeLessThanOrEqual(128);
      // createUser signs up and confirms through the emulator, then GETs /api/users/{email}.
      const user = await createUser(runtime, { email });
      const client = api(runtime, user.accessToken);
      const me = await client.get(`/api/users/${encodeURIComponent(email)}`);
      expect(me).toMatchObject({ status: 200, body: { email, user_id: user.userId } });
      const ensured = await client.post('/api/users', { email });
      expect(ensured).toMatchObject({ status: 200, body: { email, user_id: user.userId } });
    });

    it.each([
      [
        '129 characters',
        `${'a'.repeat(117)}@example.com`,
        "1 validation error detected: Value at 'username' failed to satisfy constraint: Member must have length less than or equal to 128",
      ],
      [
        'a space',
        '"ada lovelace"@example.com',
        "1 validation error detected: Value at 'username' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+",
      ],
      ['no @', 'ada.example.com', 'Username should be an email.'],
    ])(
      'refuses at sign-up what Cognito refuses, with its message: %s',
      async (_label, email, message) => {
        await expect(signUp(email)).rejects.toMatchObject({
          name: 'InvalidParameterException',
          message,
        });
        // The API's own rule refuses the same address.
        const answer = await api(runtime, bob.accessToken).post('/api/users', { email });
        expect(answer).toMatchObject({
          status: 400,
          body: { errors: { email: expected.any(String) } },
        });
      },
    );
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const answer = await api(runtime, bob.accessToken).post('/api/users', {
      email: 'not-an-email',
      marketing_opt: 'yes',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errors: { email: expected.any(String), marketing_opt: expected.any(String) },
    });
  });

  it('refuses missing, tampered, ID and foreign-pool tokens with 401', async () => {
    const path = `/api/users/${encodeURIComponent(ada.email)}`;
    const [header, payload, signature] = ada.accessToken.split('.') as [string, string, string];
    const claims = decodeJwt(ada.accessToken);
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
      'base64url',
    );
    const { privateKey } = await generateKeyPair('RS256');
    const foreign = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'foreign' })
      .sign(privateKey);

    for (const [label, token] of [
      ['none', undefined],
      ['tampered', `${header}.${forgedPayload}.${signature}`],
      ['id token', ada.idToken],
      ['foreign pool', foreign],
      ['garbage', 'not.a.jwt'],
    ] as const) {
      const answer = await api(runtime, token).get(path);
      expect({ label, status: answer.status, body: answer.body }).toEqual({
        label,
        status: 401,
        body: { message: 'Unauthorized' },
      });
    }
    void payload;
  });
});

describe('an access token past its lifetime', () => {
  let runtime: TestRuntime;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    runtime = await startTestRuntime('pglite', { clock });
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  it('is accepted for 60 minutes and refused with 401 after', async () => {
    const user = await createUser(runtime);
    const path = `/api/users/${encodeURIComponent(user.email)}`;

    clock.advance(59 * 60_000);
    expect((await api(runtime, user.accessToken).get(path)).status).toBe(200);

    clock.advance(2 * 60_000);
    const answer = await api(runtime, user.accessToken).get(path);
    expect(answer).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
  });
});
