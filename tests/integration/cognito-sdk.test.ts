import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  DeleteUserCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { ManualClock } from '@cpe/local/clock';
import { createCognitoAuthorizer } from '@cpe/local/gateway';
import {
  createCognitoEmulator,
  createSrpClient,
  type CognitoEmulator,
  type PostConfirmationEvent,
} from '@cpe/local/cognito';
import { expected } from '../support/expected';
import { serve, type Served } from '../support/serve';

const USER_POOL_ID = 'ap-southeast-2_LocalPool1';
const CLIENT_ID = 'local-client-id';
const PASSWORD = 'correct horse';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

interface Pool {
  client: CognitoIdentityProviderClient;
  clock: ManualClock;
  mail: Mail[];
  events: PostConfirmationEvent[];
  url: string;
  issuer: string;
  dataDir: string;
  emulator: CognitoEmulator;
  /** Stops the emulator and its server and starts them again on the same data directory. */
  restart(): Promise<void>;
  /** Makes the PostConfirmation trigger throw this message until set back to undefined. */
  failTriggerWith: string | undefined;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startPool(): Promise<Pool> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cognito-sdk-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const clock = new ManualClock(new Date());
  const pool = {
    clock,
    mail: [],
    events: [],
    dataDir,
    failTriggerWith: undefined,
  } as unknown as Pool;
  let served: Served | undefined;

  const start = async () => {
    let issuer = '';
    pool.emulator = await createCognitoEmulator({
      userPoolId: USER_POOL_ID,
      clientId: CLIENT_ID,
      issuer: () => issuer,
      dataDir,
      clock,
      sendMail: (mail) => {
        pool.mail.push(mail);
        return Promise.resolve();
      },
      postConfirmation: (event) => {
        if (pool.failTriggerWith !== undefined)
          return Promise.reject(new Error(pool.failTriggerWith));
        pool.events.push(event);
        return Promise.resolve(event);
      },
    });
    served = await serve(pool.emulator.handle, '/_aws/cognito-idp');
    issuer = `${served.url}/${USER_POOL_ID}`;
    pool.url = served.url;
    pool.issuer = issuer;
    pool.client = new CognitoIdentityProviderClient({
      region: 'ap-southeast-2',
      endpoint: served.url,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      // The SDK retries LimitExceededException; the tests count attempts exactly.
      maxAttempts: 1,
    });
  };
  const stop = async () => {
    pool.client.destroy();
    await served?.close();
    await pool.emulator.close();
  };
  pool.restart = async () => {
    await stop();
    await start();
  };
  await start();
  cleanups.push(stop);
  return pool;
}

function lastCode(pool: Pool): string {
  const text = pool.mail.at(-1)?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in ${JSON.stringify(pool.mail.at(-1))}`);
  return code;
}

async function signUp(pool: Pool, email: string, password = PASSWORD, marketingOpt = 'true') {
  return pool.client.send(
    new SignUpCommand({
      ClientId: CLIENT_ID,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'custom:marketing_opt', Value: marketingOpt },
      ],
    }),
  );
}

async function confirmedUser(pool: Pool, email: string) {
  const { UserSub } = await signUp(pool, email);
  await pool.client.send(
    new ConfirmSignUpCommand({
      ClientId: CLIENT_ID,
      Username: email,
      ConfirmationCode: lastCode(pool),
    }),
  );
  return UserSub ?? '';
}

const passwordAuth = (pool: Pool, email: string, password: string) =>
  pool.client.send(
    new InitiateAuthCommand({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

async function srpAuth(pool: Pool, email: string, password: string) {
  const srp = createSrpClient(USER_POOL_ID);
  const challenge = await pool.client.send(
    new InitiateAuthCommand({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: email, SRP_A: srp.srpA },
    }),
  );
  return pool.client.send(
    new RespondToAuthChallengeCommand({
      ClientId: CLIENT_ID,
      ChallengeName: 'PASSWORD_VERIFIER',
      Session: challenge.Session,
      ChallengeResponses: srp.respond({
        password,
        challenge: challenge.ChallengeParameters ?? {},
        now: pool.clock.now(),
      }),
    }),
  );
}

/** Resolves to the error's wire shape, failing the test if the call succeeds. */
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const e = error as Error & { $metadata?: { httpStatusCode?: number } };
    return { type: e.name, message: e.message, status: e.$metadata?.httpStatusCode };
  }
  throw new Error('expected the call to fail');
}

const incorrect = {
  type: 'NotAuthorizedException',
  message: 'Incorrect username or password.',
  status: 400,
};
const attemptsExceeded = {
  type: 'NotAuthorizedException',
  message: 'Password attempts exceeded',
  status: 400,
};

describe('Cognito emulator through the AWS SDK', () => {
  it('signs a user up, confirms, signs in both ways, refreshes, signs out and resets the password', async () => {
    const pool = await startPool();

    const signedUp = await signUp(pool, 'ada@example.com');
    expect(signedUp).toMatchObject({
      UserConfirmed: false,
      CodeDeliveryDetails: {
        Destination: 'a***@e***',
        DeliveryMedium: 'EMAIL',
        AttributeName: 'email',
      },
    });
    expect(pool.mail).toHaveLength(1);
    expect(pool.mail[0]).toMatchObject({
      to: 'ada@example.com',
      subject: expected.stringMatching(/verification code/i),
    });

    await pool.client.send(
      new ConfirmSignUpCommand({
        ClientId: CLIENT_ID,
        Username: 'ada@example.com',
        ConfirmationCode: lastCode(pool),
      }),
    );

    const byPassword = await passwordAuth(pool, 'ada@example.com', PASSWORD);
    expect(byPassword.AuthenticationResult).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer' });
    const bySrp = await srpAuth(pool, 'ADA@example.com', PASSWORD);
    const tokens = bySrp.AuthenticationResult ?? {};
    expect(tokens.RefreshToken).toEqual(expect.any(String));

    const user = await pool.client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
    expect(user.Username).toBe(signedUp.UserSub);
    expect(user.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'sub', Value: signedUp.UserSub },
        { Name: 'email', Value: 'ada@example.com' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:marketing_opt', Value: 'true' },
      ]),
    );

    pool.clock.advance(61 * 60_000);
    expect(
      await failure(pool.client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }))),
    ).toEqual({
      type: 'NotAuthorizedException',
      message: 'Access Token has expired',
      status: 400,
    });
    const refreshed = await pool.client.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: CLIENT_ID,
        RefreshToken: tokens.RefreshToken,
      }),
    );
    const viaInitiate = await pool.client.send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken ?? '' },
      }),
    );
    expect(refreshed.AuthenticationResult?.RefreshToken).toBeUndefined();
    expect(viaInitiate.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
    const fresh = refreshed.AuthenticationResult?.AccessToken;
    await expect(
      pool.client.send(new GetUserCommand({ AccessToken: fresh })),
    ).resolves.toBeDefined();

    await pool.client.send(new GlobalSignOutCommand({ AccessToken: fresh }));
    expect(await failure(pool.client.send(new GetUserCommand({ AccessToken: fresh })))).toEqual({
      type: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
      status: 400,
    });
    expect(
      await failure(
        pool.client.send(
          new GetTokensFromRefreshTokenCommand({
            ClientId: CLIENT_ID,
            RefreshToken: tokens.RefreshToken,
          }),
        ),
      ),
    ).toEqual({
      type: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
      status: 400,
    });

    const forgot = await pool.client.send(
      new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: 'ada@example.com' }),
    );
    expect(forgot.CodeDeliveryDetails?.Destination).toBe('a***@e***');
    expect(pool.mail.at(-1)?.subject).toMatch(/reset/i);
    await pool.client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: CLIENT_ID,
        Username: 'ada@example.com',
        ConfirmationCode: lastCode(pool),
        Password: 'battery staple',
      }),
    );
    expect(await failure(srpAuth(pool, 'ada@example.com', PASSWORD))).toEqual(incorrect);
    await expect(srpAuth(pool, 'ada@example.com', 'battery staple')).resolves.toMatchObject({
      AuthenticationResult: { TokenType: 'Bearer' },
    });
  });

  it('issues tokens with exactly the reference claims, verifiable against the JWKS endpoint', async () => {
    const pool = await startPool();
    const sub = await confirmedUser(pool, 'grace@example.com');
    const { AuthenticationResult: tokens } = await srpAuth(pool, 'grace@example.com', PASSWORD);
    const jwks = createRemoteJWKSet(new URL(`${pool.issuer}/.well-known/jwks.json`));

    const id = await jwtVerify(tokens?.IdToken ?? '', jwks, {
      issuer: pool.issuer,
      audience: CLIENT_ID,
    });
    const access = await jwtVerify(tokens?.AccessToken ?? '', jwks, { issuer: pool.issuer });

    expect(Object.keys(id.payload).sort()).toEqual(
      [
        'sub',
        'aud',
        'email',
        'email_verified',
        'token_use',
        'auth_time',
        'iss',
        'cognito:username',
        'exp',
        'iat',
        'jti',
        'origin_jti',
        'custom:marketing_opt',
      ].sort(),
    );
    expect(id.payload).toMatchObject({
      sub,
      aud: CLIENT_ID,
      email: 'grace@example.com',
      email_verified: true,
      token_use: 'id',
      'cognito:username': sub,
      'custom:marketing_opt': 'true',
    });
    expect(Object.keys(access.payload).sort()).toEqual(
      [
        'sub',
        'client_id',
        'token_use',
        'scope',
        'auth_time',
        'iss',
        'exp',
        'iat',
        'jti',
        'origin_jti',
        'username',
      ].sort(),
    );
    expect(access.payload).toMatchObject({
      sub,
      client_id: CLIENT_ID,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      username: sub,
      origin_jti: id.payload.origin_jti,
    });
    const now = Math.floor(pool.clock.now().getTime() / 1000);
    expect(access.payload.iat).toBe(now);
    expect(access.payload.exp).toBe(now + 3600);
    expect(id.protectedHeader.kid).not.toBe(access.protectedHeader.kid);
    expect(
      pool.emulator
        .jwks()
        .keys.map((key) => key.kid)
        .sort(),
    ).toEqual([id.protectedHeader.kid, access.protectedHeader.kid].sort());
  });

  it('lets the gateway authorizer accept its access tokens and refuse its ID tokens', async () => {
    const pool = await startPool();
    const sub = await confirmedUser(pool, 'edsger@example.com');
    const { AuthenticationResult: tokens } = await passwordAuth(
      pool,
      'edsger@example.com',
      PASSWORD,
    );
    const authorize = createCognitoAuthorizer({
      issuer: () => pool.issuer,
      clientId: CLIENT_ID,
      jwks: () => pool.emulator.jwks(),
      clock: pool.clock,
    });

    const claims = await authorize(`Bearer ${tokens?.AccessToken}`);
    const fromIdToken = await authorize(`Bearer ${tokens?.IdToken}`);

    expect(claims).toMatchObject({
      sub,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
    });
    expect(claims?.exp).toMatch(/^\w{3} \w{3} \d{2} \d{2}:\d{2}:\d{2} UTC \d{4}$/);
    expect(fromIdToken).toBeNull();
  });

  it('hands PostConfirmation the event Cognito builds', async () => {
    const pool = await startPool();

    const sub = await confirmedUser(pool, 'alan@example.com');

    expect(pool.events).toEqual([
      {
        version: '1',
        region: 'ap-southeast-2',
        userPoolId: USER_POOL_ID,
        userName: sub,
        triggerSource: 'PostConfirmation_ConfirmSignUp',
        callerContext: { awsSdkVersion: expected.any(String), clientId: CLIENT_ID },
        request: {
          userAttributes: {
            sub,
            email: 'alan@example.com',
            email_verified: 'true',
            'custom:marketing_opt': 'true',
            'cognito:user_status': 'CONFIRMED',
          },
        },
        response: {},
      },
    ]);
  });

  it('leaves the user unconfirmed when the PostConfirmation trigger throws', async () => {
    const pool = await startPool();
    await signUp(pool, 'kurt@example.com');
    const code = lastCode(pool);
    pool.failTriggerWith = 'database unavailable';

    const refused = await failure(
      pool.client.send(
        new ConfirmSignUpCommand({
          ClientId: CLIENT_ID,
          Username: 'kurt@example.com',
          ConfirmationCode: code,
        }),
      ),
    );

    expect(refused).toEqual({
      type: 'UserLambdaValidationException',
      message: 'PostConfirmation failed with error database unavailable.',
      status: 400,
    });
    expect(await failure(passwordAuth(pool, 'kurt@example.com', PASSWORD))).toMatchObject({
      type: 'UserNotConfirmedException',
      message: 'User is not confirmed.',
    });
    pool.failTriggerWith = undefined;
    await pool.client.send(
      new ConfirmSignUpCommand({
        ClientId: CLIENT_ID,
        Username: 'kurt@example.com',
        ConfirmationCode: code,
      }),
    );
    await expect(passwordAuth(pool, 'kurt@example.com', PASSWORD)).resolves.toBeDefined();
  });

  it('answers sign-up and confirmation mistakes as Cognito does', async () => {
    const pool = await startPool();
    await signUp(pool, 'emmy@example.com');
    const code = lastCode(pool);

    expect(await failure(signUp(pool, 'Emmy@Example.com'))).toEqual({
      type: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
      status: 400,
    });
    expect(await failure(signUp(pool, 'short@example.com', 'seven77'))).toEqual({
      type: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
      status: 400,
    });
    await expect(signUp(pool, 'lower@example.com', 'eightchr')).resolves.toBeDefined();
    expect(await failure(passwordAuth(pool, 'emmy@example.com', 'wrong password'))).toEqual({
      type: 'UserNotConfirmedException',
      message: 'User is not confirmed.',
      status: 400,
    });
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(
      await failure(
        pool.client.send(
          new ConfirmSignUpCommand({
            ClientId: CLIENT_ID,
            Username: 'emmy@example.com',
            ConfirmationCode: wrongCode,
          }),
        ),
      ),
    ).toEqual({
      type: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
      status: 400,
    });

    await pool.client.send(
      new ConfirmSignUpCommand({
        ClientId: CLIENT_ID,
        Username: 'emmy@example.com',
        ConfirmationCode: code,
      }),
    );
    expect(
      await failure(
        pool.client.send(
          new ConfirmSignUpCommand({
            ClientId: CLIENT_ID,
            Username: 'emmy@example.com',
            ConfirmationCode: code,
          }),
        ),
      ),
    ).toEqual({
      type: 'NotAuthorizedException',
      message: 'User cannot be confirmed. Current status is CONFIRMED',
      status: 400,
    });
  });

  it('expires a sign-up code after 24 hours and accepts a resent one', async () => {
    const pool = await startPool();
    await signUp(pool, 'lise@example.com');
    const first = lastCode(pool);

    pool.clock.advance(24 * 60 * 60_000);
    const expired = await failure(
      pool.client.send(
        new ConfirmSignUpCommand({
          ClientId: CLIENT_ID,
          Username: 'lise@example.com',
          ConfirmationCode: first,
        }),
      ),
    );
    await pool.client.send(
      new ResendConfirmationCodeCommand({ ClientId: CLIENT_ID, Username: 'lise@example.com' }),
    );

    expect(expired).toEqual({
      type: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
      status: 400,
    });
    await expect(
      pool.client.send(
        new ConfirmSignUpCommand({
          ClientId: CLIENT_ID,
          Username: 'lise@example.com',
          ConfirmationCode: lastCode(pool),
        }),
      ),
    ).resolves.toEqual(expected.objectContaining({ $metadata: expected.any(Object) }));
  });

  it('expires a reset code after an hour, and refuses a reset never requested', async () => {
    const pool = await startPool();
    await confirmedUser(pool, 'marie@example.com');
    const confirmReset = (code: string) =>
      pool.client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: CLIENT_ID,
          Username: 'marie@example.com',
          ConfirmationCode: code,
          Password: 'new password',
        }),
      );

    const neverRequested = await failure(confirmReset('123456'));
    await pool.client.send(
      new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: 'marie@example.com' }),
    );
    pool.clock.advance(60 * 60_000);
    const expired = await failure(confirmReset(lastCode(pool)));

    const codeExpired = {
      type: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
      status: 400,
    };
    expect(neverRequested).toEqual(codeExpired);
    expect(expired).toEqual(codeExpired);
  });

  it('answers for unknown users exactly as for real ones, and sends nothing', async () => {
    const pool = await startPool();
    await confirmedUser(pool, 'real@example.com');
    const sent = pool.mail.length;

    expect(await failure(passwordAuth(pool, 'nobody@example.com', PASSWORD))).toEqual(incorrect);
    expect(await failure(passwordAuth(pool, 'real@example.com', 'wrong password'))).toEqual(
      incorrect,
    );
    const srp = createSrpClient(USER_POOL_ID);
    const challenge = await pool.client.send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: 'nobody@example.com', SRP_A: srp.srpA },
      }),
    );
    expect(challenge.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(Object.keys(challenge.ChallengeParameters ?? {}).sort()).toEqual([
      'SALT',
      'SECRET_BLOCK',
      'SRP_B',
      'USERNAME',
      'USER_ID_FOR_SRP',
    ]);
    // The id it names is shaped like a real user's (the sub, a UUID), and stable: not the email.
    const known = await pool.client.send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: 'real@example.com', SRP_A: srp.srpA },
      }),
    );
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(known.ChallengeParameters?.USER_ID_FOR_SRP).toMatch(uuid);
    const unknownId = challenge.ChallengeParameters?.USER_ID_FOR_SRP;
    expect(unknownId).toMatch(uuid);
    expect(challenge.ChallengeParameters?.USERNAME).toBe(unknownId);
    const again = await pool.client.send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: 'nobody@example.com', SRP_A: srp.srpA },
      }),
    );
    expect(again.ChallengeParameters?.USER_ID_FOR_SRP).toBe(unknownId);
    expect(await failure(srpAuth(pool, 'nobody@example.com', PASSWORD))).toEqual(incorrect);
    const forgot = await pool.client.send(
      new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: 'nobody@example.com' }),
    );
    const resend = await pool.client.send(
      new ResendConfirmationCodeCommand({ ClientId: CLIENT_ID, Username: 'nobody@example.com' }),
    );
    const confirm = await failure(
      pool.client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: CLIENT_ID,
          Username: 'nobody@example.com',
          ConfirmationCode: '123456',
          Password: 'whatever1',
        }),
      ),
    );

    expect(forgot.CodeDeliveryDetails).toEqual({
      Destination: 'n***@e***',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    expect(resend.CodeDeliveryDetails).toEqual(forgot.CodeDeliveryDetails);
    expect(confirm).toEqual({
      type: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
      status: 400,
    });
    expect(pool.mail).toHaveLength(sent);
  });

  it('locks a user out after five failures, doubling the lock, without extending it during the lock', async () => {
    const pool = await startPool();
    await confirmedUser(pool, 'lock@example.com');

    for (let i = 0; i < 5; i += 1) {
      expect(await failure(passwordAuth(pool, 'lock@example.com', 'wrong password'))).toEqual(
        incorrect,
      );
    }
    // Locked for 1 s: even the right password is refused, and the refusal does not count.
    expect(await failure(srpAuth(pool, 'lock@example.com', PASSWORD))).toEqual(attemptsExceeded);
    expect(await failure(passwordAuth(pool, 'lock@example.com', 'wrong password'))).toEqual(
      attemptsExceeded,
    );
    // Each lock lasts to its last millisecond; the next failure after it doubles it.
    for (const lockMs of [1000, 2000, 4000]) {
      pool.clock.advance(lockMs - 1);
      expect(await failure(passwordAuth(pool, 'lock@example.com', PASSWORD))).toEqual(
        attemptsExceeded,
      );
      pool.clock.advance(1);
      if (lockMs < 4000) {
        expect(await failure(passwordAuth(pool, 'lock@example.com', 'wrong password'))).toEqual(
          incorrect,
        );
      }
    }
    await expect(passwordAuth(pool, 'lock@example.com', PASSWORD)).resolves.toBeDefined();
    // A success resets the count: four more failures do not lock.
    for (let i = 0; i < 4; i += 1)
      await failure(passwordAuth(pool, 'lock@example.com', 'wrong password'));
    await expect(srpAuth(pool, 'lock@example.com', PASSWORD)).resolves.toBeDefined();
  });

  it('limits code resends to five an hour', async () => {
    const pool = await startPool();
    await signUp(pool, 'busy@example.com');
    const resend = () =>
      pool.client.send(
        new ResendConfirmationCodeCommand({ ClientId: CLIENT_ID, Username: 'busy@example.com' }),
      );

    for (let i = 0; i < 5; i += 1) await resend();
    const sixth = await failure(resend());
    pool.clock.advance(60 * 60_000);

    expect(sixth).toEqual({
      type: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
      status: 400,
    });
    await expect(resend()).resolves.toBeDefined();
  });

  it('keeps users, sessions and signing keys across a restart on the same data directory', async () => {
    const pool = await startPool();
    await confirmedUser(pool, 'persist@example.com');
    const { AuthenticationResult: tokens } = await srpAuth(pool, 'persist@example.com', PASSWORD);
    const kids = pool.emulator.jwks().keys.map((key) => key.kid);

    await pool.restart();

    expect(pool.emulator.jwks().keys.map((key) => key.kid)).toEqual(kids);
    await expect(
      pool.client.send(new GetUserCommand({ AccessToken: tokens?.AccessToken })),
    ).resolves.toBeDefined();
    await expect(
      pool.client.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: CLIENT_ID,
          RefreshToken: tokens?.RefreshToken,
        }),
      ),
    ).resolves.toBeDefined();
    await expect(srpAuth(pool, 'persist@example.com', PASSWORD)).resolves.toBeDefined();
    const state = await readFile(join(pool.dataDir, USER_POOL_ID, 'state.json'), 'utf8');
    expect(state).toContain('persist@example.com');
    expect(state).not.toContain(PASSWORD);
  });

  it('refuses a PASSWORD_VERIFIER answer after the 3-minute challenge session', async () => {
    const pool = await startPool();
    await confirmedUser(pool, 'slow@example.com');
    const srp = createSrpClient(USER_POOL_ID);
    const challenge = await pool.client.send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: 'slow@example.com', SRP_A: srp.srpA },
      }),
    );

    pool.clock.advance(3 * 60_000 + 1000);
    const late = await failure(
      pool.client.send(
        new RespondToAuthChallengeCommand({
          ClientId: CLIENT_ID,
          ChallengeName: 'PASSWORD_VERIFIER',
          Session: challenge.Session,
          ChallengeResponses: srp.respond({
            password: PASSWORD,
            challenge: challenge.ChallengeParameters ?? {},
            now: pool.clock.now(),
          }),
        }),
      ),
    );

    expect(late).toEqual({
      type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
      status: 400,
    });
  });

  it('revokes a refresh token and the access tokens issued from it', async () => {
    const pool = await startPool();
    await confirmedUser(pool, 'revoke@example.com');
    const first = (await passwordAuth(pool, 'revoke@example.com', PASSWORD)).AuthenticationResult;
    const second = (await passwordAuth(pool, 'revoke@example.com', PASSWORD)).AuthenticationResult;

    await pool.client.send(
      new RevokeTokenCommand({ ClientId: CLIENT_ID, Token: first?.RefreshToken }),
    );

    expect(
      await failure(pool.client.send(new GetUserCommand({ AccessToken: first?.AccessToken }))),
    ).toMatchObject({
      message: 'Access Token has been revoked',
    });
    await expect(
      pool.client.send(new GetUserCommand({ AccessToken: second?.AccessToken })),
    ).resolves.toBeDefined();
  });

  it('changes a password with the previous one, answering mistakes as Cognito does', async () => {
    const pool = await startPool();
    await confirmedUser(pool, 'change@example.com');
    const tokens = (await passwordAuth(pool, 'change@example.com', PASSWORD)).AuthenticationResult;
    const change = (previous: string, proposed: string, token = tokens?.AccessToken) =>
      pool.client.send(
        new ChangePasswordCommand({
          AccessToken: token,
          PreviousPassword: previous,
          ProposedPassword: proposed,
        }),
      );

    expect(await failure(change('wrong password', 'a new password'))).toEqual(incorrect);
    expect(await failure(change(PASSWORD, 'short'))).toEqual({
      type: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
      status: 400,
    });
    expect(await failure(change(PASSWORD, ' a new password'))).toMatchObject({
      type: 'InvalidParameterException',
      status: 400,
    });
    expect(await failure(change(PASSWORD, 'a new password', 'not-a-token'))).toMatchObject({
      type: 'NotAuthorizedException',
      status: 400,
    });
    expect(
      await failure(
        pool.client.send(
          new ChangePasswordCommand({
            AccessToken: tokens?.AccessToken,
            ProposedPassword: 'a new password',
          }),
        ),
      ),
    ).toMatchObject({ type: 'InvalidParameterException', status: 400 });

    await expect(change(PASSWORD, 'a new password')).resolves.toBeDefined();

    expect(await failure(passwordAuth(pool, 'change@example.com', PASSWORD))).toEqual(incorrect);
    await expect(srpAuth(pool, 'change@example.com', 'a new password')).resolves.toBeDefined();
    // The session that changed it stays signed in.
    await expect(
      pool.client.send(new GetUserCommand({ AccessToken: tokens?.AccessToken })),
    ).resolves.toBeDefined();
  });

  it('limits wrong previous passwords to five an hour, then refuses even the right one', async () => {
    const pool = await startPool();
    await confirmedUser(pool, 'guess@example.com');
    const tokenOf = async () =>
      (await passwordAuth(pool, 'guess@example.com', PASSWORD)).AuthenticationResult?.AccessToken;
    let token = await tokenOf();
    const change = (previous: string) =>
      pool.client.send(
        new ChangePasswordCommand({
          AccessToken: token,
          PreviousPassword: previous,
          ProposedPassword: 'another password',
        }),
      );

    for (let i = 0; i < 5; i += 1)
      expect(await failure(change('wrong password'))).toEqual(incorrect);
    const limited = await failure(change(PASSWORD));
    pool.clock.advance(60 * 60_000);
    // Access tokens last an hour too: sign in again.
    token = await tokenOf();

    expect(limited).toEqual({
      type: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
      status: 400,
    });
    await expect(change(PASSWORD)).resolves.toBeDefined();
  });

  it('deletes the signed-in user: their tokens stop working and they cannot sign in', async () => {
    const pool = await startPool();
    await confirmedUser(pool, 'leave@example.com');
    await confirmedUser(pool, 'stay@example.com');
    const first = (await passwordAuth(pool, 'leave@example.com', PASSWORD)).AuthenticationResult;
    const second = (await srpAuth(pool, 'leave@example.com', PASSWORD)).AuthenticationResult;
    const other = (await passwordAuth(pool, 'stay@example.com', PASSWORD)).AuthenticationResult;

    const out = await pool.client.send(new DeleteUserCommand({ AccessToken: first?.AccessToken }));

    expect(out.$metadata.httpStatusCode).toBe(200);
    expect(await failure(passwordAuth(pool, 'leave@example.com', PASSWORD))).toEqual(incorrect);
    for (const token of [first?.AccessToken, second?.AccessToken]) {
      expect(
        await failure(pool.client.send(new GetUserCommand({ AccessToken: token }))),
      ).toMatchObject({ type: 'NotAuthorizedException', status: 400 });
    }
    expect(
      await failure(pool.client.send(new DeleteUserCommand({ AccessToken: first?.AccessToken }))),
    ).toMatchObject({ type: 'NotAuthorizedException', status: 400 });
    expect(
      await failure(
        pool.client.send(
          new InitiateAuthCommand({
            ClientId: CLIENT_ID,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: second?.RefreshToken ?? '' },
          }),
        ),
      ),
    ).toMatchObject({ type: 'NotAuthorizedException' });
    await expect(
      pool.client.send(new GetUserCommand({ AccessToken: other?.AccessToken })),
    ).resolves.toBeDefined();
    // The address can sign up again, as a new user.
    await expect(signUp(pool, 'leave@example.com')).resolves.toBeDefined();
  });

  it('refuses an operation it does not implement, by name', async () => {
    const pool = await startPool();

    const refused = await failure(
      pool.client.send(
        new AdminCreateUserCommand({ UserPoolId: USER_POOL_ID, Username: 'x@example.com' }),
      ),
    );

    expect(refused).toEqual({
      type: 'UnsupportedOperationException',
      message: 'The local user pool does not implement AdminCreateUser.',
      status: 400,
    });
  });

  it('speaks the JSON 1.1 wire format: error headers, empty outputs, CORS preflight', async () => {
    const pool = await startPool();
    await signUp(pool, 'wire@example.com');
    const post = (target: string, body: unknown) =>
      fetch(pool.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
        },
        body: JSON.stringify(body),
      });

    const error = await post('InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'no@example.com', PASSWORD: 'x' },
    });
    const confirmed = await post('ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: 'wire@example.com',
      ConfirmationCode: lastCode(pool),
    });
    const preflight = await fetch(pool.url, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });

    expect(error.status).toBe(400);
    expect(error.headers.get('x-amzn-errortype')).toBe('NotAuthorizedException:');
    expect(error.headers.get('x-amzn-errormessage')).toBe('Incorrect username or password.');
    expect(await error.json()).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('content-type')).toBe('application/x-amz-json-1.1');
    expect(await confirmed.text()).toBe('{}');
    expect(preflight.status).toBe(204);
    const allowed = preflight.headers.get('access-control-allow-headers') ?? '';
    for (const header of [
      'content-type',
      'x-amz-target',
      'x-amz-user-agent',
      'cache-control',
      'amz-sdk-invocation-id',
      'amz-sdk-request',
    ]) {
      expect(allowed).toContain(header);
    }
  });
});
