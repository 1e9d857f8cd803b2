import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import type { JsonWebKey, KeyObject } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SignJWT, errors, jwtVerify } from 'jose';
import { API_SCOPE, MARKETING_OPT_ATTRIBUTE, TOKEN_VALIDITY } from '@cpe/shared/user-pool';
import type { Clock } from '../clock';
import { cognitoError } from './errors';
import { messages } from './messages';
import type { StoredSession, StoredUser } from './store';
import { readJsonState, type Warn, writeFileAtomic } from '../state/files';

export interface PublicJwk extends JsonWebKey {
  kid: string;
  alg: 'RS256';
  kty: 'RSA';
  use: 'sig';
  e: string;
  n: string;
}

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: PublicJwk;
}

/** ID and access tokens are signed with different keys, as Cognito does. */
export interface SigningKeys {
  id: SigningKey;
  access: SigningKey;
}

interface KeyFile {
  version: 1;
  id: { kid: string; jwk: JsonWebKey };
  access: { kid: string; jwk: JsonWebKey };
}

function isKeyFile(value: unknown): value is KeyFile {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<KeyFile>;
  const key = (k: unknown) =>
    typeof k === 'object' &&
    k !== null &&
    typeof (k as { kid?: unknown }).kid === 'string' &&
    typeof (k as { jwk?: unknown }).jwk === 'object';
  return v.version === 1 && key(v.id) && key(v.access);
}

function toSigningKey(kid: string, privateKey: KeyObject): SigningKey {
  const publicKey = createPublicKey(privateKey);
  const { e, n } = publicKey.export({ format: 'jwk' });
  if (!e || !n) throw new Error('RSA public key without e/n');
  return {
    kid,
    privateKey,
    publicKey,
    publicJwk: { kid, alg: 'RS256', kty: 'RSA', use: 'sig', e, n },
  };
}

const generateRsa = promisify(generateKeyPair);

/** A new 2048-bit RSA key, made on libuv's thread pool: a start does other work meanwhile. */
async function generate(): Promise<SigningKey> {
  const { privateKey } = await generateRsa('rsa', { modulusLength: 2048 });
  // Cognito kids are base64 strings; any stable unique id serves.
  return toSigningKey(randomBytes(32).toString('base64'), privateKey);
}

/** Both keys at once: each takes a thread of the pool. */
async function generateBoth(): Promise<SigningKeys> {
  const [id, access] = await Promise.all([generate(), generate()]);
  return { id, access };
}

/** Generated on first start; persisted so tokens stay valid across restarts. */
export async function loadOrCreateKeys(
  directory: string | undefined,
  warn: Warn = console.warn,
): Promise<SigningKeys> {
  if (directory === undefined) return generateBoth();
  const file = join(directory, 'keys.json');
  const stored = readJsonState(file, isKeyFile, warn);
  if (stored) {
    const load = (entry: KeyFile['id']) =>
      toSigningKey(entry.kid, createPrivateKey({ key: entry.jwk, format: 'jwk' } as never));
    return { id: load(stored.id), access: load(stored.access) };
  }
  const keys = await generateBoth();
  const save = (key: SigningKey) => ({
    kid: key.kid,
    jwk: key.privateKey.export({ format: 'jwk' }),
  });
  const content: KeyFile = { version: 1, id: save(keys.id), access: save(keys.access) };
  mkdirSync(directory, { recursive: true });
  writeFileAtomic(file, JSON.stringify(content, null, 2));
  return keys;
}

export interface AuthenticationResult {
  AccessToken: string;
  ExpiresIn: number;
  IdToken: string;
  RefreshToken?: string;
  TokenType: 'Bearer';
}

export interface AccessClaims {
  sub: string;
  origin_jti: string;
  exp: number;
}

export const hashRefreshToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** Cognito refresh tokens are opaque to clients; a long random string is indistinguishable to them. */
export const newRefreshToken = () => randomBytes(96).toString('base64url');

export interface TokenService {
  jwks: () => { keys: PublicJwk[] };
  /** Mints the ID and access tokens of one sign-in session. */
  mint(user: StoredUser, session: StoredSession): Promise<AuthenticationResult>;
  /** Signature, token_use, client and expiry; revocation is the caller's business. */
  verifyAccessToken(token: string): Promise<AccessClaims>;
}

export function createTokenService(deps: {
  keys: SigningKeys;
  clientId: string;
  issuer: () => string;
  clock: Clock;
}): TokenService {
  const { keys, clientId, issuer, clock } = deps;
  const lifetimeSeconds = TOKEN_VALIDITY.accessTokenMinutes * 60;
  // One stable object: the authorizer caches imported keys per JWKS identity.
  const jwks = Object.freeze({ keys: [keys.id.publicJwk, keys.access.publicJwk] });

  return {
    jwks: () => jwks,

    async mint(user, session) {
      const iat = Math.floor(clock.now().getTime() / 1000);
      const idExp = iat + TOKEN_VALIDITY.idTokenMinutes * 60;
      const accessExp = iat + lifetimeSeconds;
      const marketingOpt = user.attributes[MARKETING_OPT_ATTRIBUTE];
      const idClaims = {
        sub: user.sub,
        aud: clientId,
        email: user.email,
        email_verified: user.attributes.email_verified === 'true',
        token_use: 'id',
        auth_time: session.authTime,
        iss: issuer(),
        'cognito:username': user.sub,
        exp: idExp,
        iat,
        jti: randomUUID(),
        origin_jti: session.originJti,
        ...(marketingOpt === undefined ? {} : { [MARKETING_OPT_ATTRIBUTE]: marketingOpt }),
      };
      const accessClaims = {
        sub: user.sub,
        client_id: clientId,
        token_use: 'access',
        scope: API_SCOPE,
        auth_time: session.authTime,
        iss: issuer(),
        exp: accessExp,
        iat,
        jti: randomUUID(),
        origin_jti: session.originJti,
        username: user.sub,
      };
      const [IdToken, AccessToken] = await Promise.all([
        new SignJWT(idClaims)
          .setProtectedHeader({ kid: keys.id.kid, alg: 'RS256' })
          .sign(keys.id.privateKey),
        new SignJWT(accessClaims)
          .setProtectedHeader({ kid: keys.access.kid, alg: 'RS256' })
          .sign(keys.access.privateKey),
      ]);
      return { AccessToken, ExpiresIn: lifetimeSeconds, IdToken, TokenType: 'Bearer' };
    },

    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, keys.access.publicKey, {
          algorithms: ['RS256'],
          currentDate: clock.now(),
        });
        if (
          payload.token_use !== 'access' ||
          payload.client_id !== clientId ||
          typeof payload.sub !== 'string' ||
          typeof payload.origin_jti !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          throw cognitoError('NotAuthorizedException', messages.invalidAccessToken);
        }
        return { sub: payload.sub, origin_jti: payload.origin_jti, exp: payload.exp };
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          throw cognitoError('NotAuthorizedException', messages.accessTokenExpired, error);
        }
        if (error instanceof errors.JOSEError) {
          throw cognitoError('NotAuthorizedException', messages.invalidAccessToken, error);
        }
        throw error;
      }
    },
  };
}
