import { type Dict, dict } from '@cpe/shared/dict';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { API_SCOPE } from '@cpe/shared/user-pool';
import { systemClock, type Clock } from '../clock';

/** What API Gateway puts in requestContext.authorizer.claims: every claim as a string. */
export type AuthorizerClaims = Dict<string>;

/** Resolves to the caller's claims, or null when API Gateway would answer 401 Unauthorized. */
export type CognitoAuthorizer = (
  authorizationHeader: string | undefined,
) => Promise<AuthorizerClaims | null>;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Tue Jun 18 15:00:04 UTC 2024`: how API Gateway renders exp and iat (Java's Date.toString). */
export function claimDate(epochSeconds: number): string {
  const d = new Date(epochSeconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${WEEKDAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${two(d.getUTCDate())} ` +
    `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`
  );
}

const DATE_CLAIMS = new Set(['exp', 'iat']);

function stringify(name: string, value: unknown): string {
  if (typeof value === 'number' && DATE_CLAIMS.has(name)) return claimDate(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function claimsAsStrings(payload: JWTPayload): AuthorizerClaims {
  const claims = dict<string>();
  for (const [name, value] of Object.entries(payload)) {
    if (value !== undefined && value !== null) claims[name] = stringify(name, value);
  }
  return claims;
}

/** API Gateway's default authorizer result cache TTL (CDK's resultsCacheTtl default: 5 minutes). */
export const AUTHORIZER_CACHE_TTL_SECONDS = 300;
/** Tokens remembered at most; the oldest are forgotten first. */
const CACHE_ENTRIES = 10_000;

/**
 * API Gateway's Cognito user pool authorizer for a method with OAuth scopes:
 * it wants an access token (raw or as a Bearer token) signed by the pool,
 * issued to our client, unexpired, and carrying the scope. Like API Gateway,
 * it caches a validated token's claims (for the TTL, and here never past the
 * token's own expiry), so a signature is checked once per token, not per
 * request; refusals are not cached.
 */
export function createCognitoAuthorizer(deps: {
  issuer: () => string;
  clientId: string;
  jwks: () => JSONWebKeySet;
  clock?: Clock;
  /** 0 turns the cache off. */
  cacheTtlSeconds?: number;
}): CognitoAuthorizer {
  const clock = deps.clock ?? systemClock;
  const ttlMs = (deps.cacheTtlSeconds ?? AUTHORIZER_CACHE_TTL_SECONDS) * 1000;
  const cache = new Map<string, { claims: AuthorizerClaims; until: number }>();
  // Importing RSA keys is costly; rebuild the key set only when the pool's JWKS changes.
  let cachedFor: JSONWebKeySet | undefined;
  let keySet: ReturnType<typeof createLocalJWKSet> | undefined;
  function keys() {
    const current = deps.jwks();
    if (!keySet || current !== cachedFor) {
      // New signing keys: what was validated with the old ones is checked again.
      cache.clear();
      cachedFor = current;
      keySet = createLocalJWKSet(current);
    }
    return keySet;
  }
  return async (authorizationHeader) => {
    const token = authorizationHeader?.trim().replace(/^Bearer\s+/i, '');
    if (!token) return null;
    const verifyWith = keys();
    const now = clock.now().getTime();
    const cached = cache.get(token);
    if (cached && now < cached.until) return cached.claims;
    if (cached) cache.delete(token);
    try {
      const { payload } = await jwtVerify(token, verifyWith, {
        algorithms: ['RS256'],
        issuer: deps.issuer(),
        currentDate: clock.now(),
        requiredClaims: ['exp'],
      });
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
      if (
        payload.token_use !== 'access' ||
        payload.client_id !== deps.clientId ||
        !scopes.includes(API_SCOPE)
      ) {
        return null;
      }
      const claims = claimsAsStrings(payload);
      const expires = typeof payload.exp === 'number' ? payload.exp * 1000 : now;
      if (ttlMs > 0) {
        if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
        cache.set(token, { claims, until: Math.min(now + ttlMs, expires) });
      }
      return claims;
    } catch {
      // Any verification failure is the same 401 to the caller.
      return null;
    }
  };
}
