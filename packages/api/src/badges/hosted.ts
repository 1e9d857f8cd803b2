/**
 * What a badge read fetches from its issuer (docs/decisions/121), following
 * the Open Badges 2.0 verification rules: a hosted assertion is fetched from
 * its own id and must be the file's (same id, recipient, badge and dates),
 * not revoked, and hosted where its issuer allows; a badge class or issuer
 * named only by URL is fetched for its name; a signing key the issuer
 * publishes is fetched to check the signature. Every fetch goes through the
 * egress guard, and one that fails leaves the badge read but unverified.
 */
import canonicalize from 'canonicalize';
import * as jose from 'jose';
import type { Egress } from './egress';
import { BadgeError, RevokedBadgeError, TamperedBadgeError } from './errors';

export type Json = Record<string, unknown>;

export interface Signature {
  verified: boolean;
  verification: string;
}

export const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
export const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
const isFetchable = (v: string | null): v is string => v !== null && /^https?:\/\/\S+$/i.test(v);
/** A URL as a sentence may quote it. */
const shown = (url: string) => url.slice(0, 200);
/** The id of an object, or the object itself when it is only its id. */
export const idOf = (v: unknown): string | null => (isObject(v) ? text(v.id) : text(v));

/**
 * The hosted copy of `assertion` (OB 2.0 `verification.type: hosted`): a
 * signature-like answer, and the copy when it was fetched and matches. A
 * revoked assertion and one that differs from its hosted copy are refused.
 */
export async function checkHosted(
  assertion: Json,
  egress: Egress,
): Promise<{ signature: Signature; hosted: Json | null }> {
  const url = text(assertion.id);
  if (!isFetchable(url)) {
    return {
      hosted: null,
      signature: {
        verified: false,
        verification: 'A hosted assertion whose id is not a URL to fetch it from: not verified.',
      },
    };
  }
  const fetched = await egress.fetchJson(url);
  if (!fetched.ok) {
    if (fetched.kind === 'status' && fetched.status === 410) throw new RevokedBadgeError(null);
    return {
      hosted: null,
      signature: {
        verified: false,
        verification: `A hosted assertion: fetching ${shown(url)} from its issuer failed (${fetched.reason}), so it is not verified.`,
      },
    };
  }
  const hosted = fetched.json;
  if (!isObject(hosted)) {
    return {
      hosted: null,
      signature: {
        verified: false,
        verification: `A hosted assertion: ${shown(url)} answered something other than an assertion, so it is not verified.`,
      },
    };
  }
  if (hosted.revoked === true) throw new RevokedBadgeError(text(hosted.revocationReason));
  const same = (a: unknown, b: unknown) => canonicalize(a ?? null) === canonicalize(b ?? null);
  const differ = [
    text(hosted.id) === url ? null : 'id',
    same(assertion.recipient, hosted.recipient) ? null : 'recipient',
    idOf(assertion.badge) !== null && idOf(assertion.badge) === idOf(hosted.badge) ? null : 'badge',
    same(assertion.issuedOn, hosted.issuedOn) ? null : 'issuedOn',
    same(assertion.expires, hosted.expires) ? null : 'expires',
  ].filter((d): d is string => d !== null);
  if (differ.length > 0) {
    throw new TamperedBadgeError(
      `does not match the assertion its issuer hosts at ${shown(url)} (its ${differ.join(', ')} ${differ.length === 1 ? 'differs' : 'differ'}): it was changed after it was issued, so it is refused`,
    );
  }
  return {
    hosted,
    signature: {
      verified: true,
      verification: `Hosted assertion fetched from ${shown(url)}: it matches the file.`,
    },
  };
}

/**
 * Whether the issuer allows an assertion hosted at `assertionId` (OB 2.0: the
 * issuer profile's `verification.startsWith` or `allowedOrigins`, else the
 * host of the issuer's own id): null when it does, else why not.
 */
export function hostedWhereIssuerAllows(
  assertionId: string,
  issuerId: string | null,
  issuer: Json | null,
): string | null {
  const policy = issuer && isObject(issuer.verification) ? issuer.verification : {};
  const list = (v: unknown) =>
    (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
  let host: string;
  try {
    host = new URL(assertionId).host;
  } catch {
    return 'its id is not a URL';
  }
  const prefixes = list(policy.startsWith);
  if (prefixes.length > 0) {
    return prefixes.some((p) => assertionId.startsWith(p))
      ? null
      : "it is not hosted under the prefixes its issuer's profile allows";
  }
  const origins = list(policy.allowedOrigins);
  if (origins.length > 0) {
    return origins.includes(host) ? null : `its issuer's profile does not allow ${host}`;
  }
  if (issuerId === null) return 'its badge class names no issuer';
  try {
    if (new URL(issuerId).host === host) return null;
  } catch {
    // An issuer id that is not a URL (a urn:uuid) has no host for an assertion to share.
  }
  return `it is hosted on ${host}, which is not its issuer's (${shown(issuerId)})`;
}

/** A document named only by URL (a badge class, an issuer profile), which must name itself so. */
async function fetchNamed(url: string, egress: Egress): Promise<Json | string> {
  const fetched = await egress.fetchJson(url);
  if (!fetched.ok) return fetched.reason;
  if (!isObject(fetched.json)) return 'it is not a JSON object';
  if (text(fetched.json.id) !== url) return 'it names another id';
  return fetched.json;
}

/** The badge class an assertion names only by URL, for its name; a 400 when it cannot be had. */
export async function fetchBadgeClass(url: string, egress: Egress): Promise<Json> {
  const badge = isFetchable(url) ? await fetchNamed(url, egress) : 'it is not a URL';
  if (typeof badge === 'string') {
    throw new BadgeError(
      `its badge class is only a link (${shown(url)}), which could not be fetched (${badge}): there is no name to prefill`,
    );
  }
  return badge;
}

/** The issuer profile a badge class names only by URL; null when it cannot be had (its name is then unknown). */
export async function fetchIssuer(url: string, egress: Egress): Promise<Json | null> {
  if (!isFetchable(url)) return null;
  const issuer = await fetchNamed(url, egress);
  return typeof issuer === 'string' ? null : issuer;
}

/**
 * The public key published at `url` (an OB 2.0 CryptographicKey with
 * `publicKeyPem`, a JWK, or a document with `publicKeyJwk`) and who owns it;
 * a sentence saying why when it cannot be had.
 */
export async function fetchKey(
  url: string,
  alg: string,
  egress: Egress,
): Promise<{ key: jose.KeyLike | Uint8Array; owner: string | null } | string> {
  if (!isFetchable(url)) return `its key ${shown(url)} is not a URL to fetch`;
  const fetched = await egress.fetchJson(url);
  if (!fetched.ok) return `its key at ${shown(url)} could not be fetched (${fetched.reason})`;
  const doc = fetched.json;
  if (!isObject(doc)) return `the document at ${shown(url)} is not a key`;
  const owner = text(doc.owner) ?? text(doc.controller);
  try {
    if (typeof doc.publicKeyPem === 'string') {
      return { key: await jose.importSPKI(doc.publicKeyPem, alg), owner };
    }
    const jwk = isObject(doc.publicKeyJwk) ? doc.publicKeyJwk : doc;
    if (typeof jwk.kty === 'string' && !('d' in jwk)) {
      return { key: await jose.importJWK(jwk as unknown as jose.JWK, alg), owner };
    }
  } catch {
    return `the key at ${shown(url)} is not a ${alg} public key`;
  }
  return `the document at ${shown(url)} holds no public key`;
}
