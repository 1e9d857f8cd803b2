import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT, type JSONWebKeySet } from 'jose';
import { ManualClock } from '../clock';
import { claimDate, createCognitoAuthorizer } from './authorizer';

const ISSUER = 'http://127.0.0.1:3000/_aws/cognito-idp/ap-southeast-2_LocalPool1';
const CLIENT_ID = 'client-1';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwks: JSONWebKeySet = {
  keys: [
    {
      ...publicKey.export({ format: 'jwk' }),
      kid: 'access-kid',
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
    },
  ],
};

function accessClaims(now: Date, overrides: Record<string, unknown> = {}) {
  const iat = Math.floor(now.getTime() / 1000);
  return {
    sub: 'f3c1e6a2-1111-4222-8333-944455556666',
    client_id: CLIENT_ID,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: iat,
    iss: ISSUER,
    exp: iat + 3600,
    iat,
    jti: randomUUID(),
    origin_jti: randomUUID(),
    username: 'f3c1e6a2-1111-4222-8333-944455556666',
    ...overrides,
  };
}

const sign = (claims: Record<string, unknown>, key = privateKey, kid = 'access-kid') =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(key);

function setup() {
  const clock = new ManualClock('2024-06-18T14:00:04Z');
  const authorize = createCognitoAuthorizer({
    issuer: () => ISSUER,
    clientId: CLIENT_ID,
    jwks: () => jwks,
    clock,
  });
  return { clock, authorize };
}

describe('Cognito authorizer', () => {
  it('passes a valid access token, raw or as a Bearer token, with its claims as strings', async () => {
    const { clock, authorize } = setup();
    const claims = accessClaims(clock.now(), { email_verified: true });
    const token = await sign(claims);

    const bearer = await authorize(`Bearer ${token}`);
    const raw = await authorize(token);

    expect(bearer).toEqual({
      ...claims,
      auth_time: String(claims.auth_time),
      exp: 'Tue Jun 18 15:00:04 UTC 2024',
      iat: 'Tue Jun 18 14:00:04 UTC 2024',
      email_verified: 'true',
    });
    expect(raw).toEqual(bearer);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['garbage', 'Bearer not-a-jwt'],
  ])('refuses %s', async (_label, header) => {
    const { authorize } = setup();

    expect(await authorize(header)).toBeNull();
  });

  it.each([
    ['an ID token', { token_use: 'id' }],
    ['another client', { client_id: 'client-2' }],
    [
      'another issuer',
      { iss: 'https://cognito-idp.ap-southeast-2.amazonaws.com/ap-southeast-2_Other' },
    ],
    ['a token without the scope', { scope: 'openid email' }],
  ])('refuses %s', async (_label, overrides) => {
    const { clock, authorize } = setup();

    expect(await authorize(await sign(accessClaims(clock.now(), overrides)))).toBeNull();
  });

  it('refuses a token signed by a key outside the JWKS', async () => {
    const { clock, authorize } = setup();

    expect(await authorize(await sign(accessClaims(clock.now()), other.privateKey))).toBeNull();
  });

  it('refuses a token once it has expired', async () => {
    const { clock, authorize } = setup();
    const token = await sign(accessClaims(clock.now()));

    clock.advance(3599_000);
    const before = await authorize(token);
    clock.advance(1000);

    expect(before).not.toBeNull();
    expect(await authorize(token)).toBeNull();
  });

  it('renders dates as API Gateway does, day zero-padded', () => {
    expect(claimDate(Date.parse('2024-06-03T09:05:07Z') / 1000)).toBe(
      'Mon Jun 03 09:05:07 UTC 2024',
    );
  });
});
