/**
 * Reading an Open Badge into a certification's prefill (issue 28 item 4,
 * docs/decisions/110). The file is read in memory and nothing is stored.
 *
 * - Open Badges 2.0: an assertion as JSON; a signed assertion as a JWS
 *   compact string; either baked into a PNG (`openbadges` iTXt) or an SVG
 *   (`<openbadges:assertion>`).
 * - Open Badges 3.0 / W3C Verifiable Credentials: the credential as JSON, as
 *   a JWT (VC-JWT's `vc` claim, or the credential itself as the payload), or
 *   baked (`openbadgecredential` iTXt, `<openbadges:credential>`).
 *
 * A JWS or JWT signature is checked with jose against the key the badge
 * carries (a `jwk` header, a `did:jwk:` or `did:key:` key id) or the one its
 * issuer publishes (a `kid` URL, an OB 2.0 `verification.creator`); a hosted
 * OB 2.0 assertion is fetched from its id and compared (hosted.ts); an OB 3.0
 * Data Integrity proof is checked by integrity.ts, loaded only then. A
 * signature or proof that does not match, a hosted copy that differs and a
 * revoked assertion are refused; where a fetch fails (the network, the egress
 * guard), the badge is read, marked unverified, and `verification` says why
 * (docs/decisions/110, 121).
 */
import * as jose from 'jose';
import { findCatalogueEntry } from '@cpe/shared/catalogue';
import { isRealIsoDate } from '@cpe/shared/dates';
import { BADGE_RULES, type BadgePrefill, LIMITS, verificationLink } from '@cpe/shared/schemas';
import type { Egress } from './egress';
import { BadgeError, TamperedBadgeError } from './errors';
import {
  type Json,
  type Signature,
  checkHosted,
  fetchBadgeClass,
  fetchIssuer,
  fetchKey,
  hostedWhereIssuerAllows,
  idOf,
  isObject,
  text,
} from './hosted';
import { isPng, readPngBadge } from './png';
import { looksLikeXml, readSvgBadge } from './svg';

type Container = 'json' | 'png' | 'svg' | 'jws';

/** What a badge read may reach: the network, through the egress guard only. */
export interface BadgeReadDeps {
  egress: Egress;
}

/** Algorithms a badge's signature may use; `none` and HMAC (a shared secret) never verify. */
const ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

const JWS_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** A signature checked with a key the issuer publishes: whose key it is, for the issuer check. */
interface JwsSignature extends Signature {
  keyOwner?: string | null;
}

/** The first of `links` the form's Verification Link field takes, as that field stores it. */
function formLink(links: readonly (string | null)[]): string | null {
  for (const link of links) {
    const checked = link === null ? null : verificationLink.safeParse(link);
    if (checked?.success && checked.data !== null) return checked.data;
  }
  return null;
}

/** The file's bytes from base64, refusing anything that is not base64. */
export function decodeBase64(content: string): Buffer {
  const compact = content.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw new BadgeError('it is not base64 (send the file as content_base64)');
  }
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length === 0) throw new BadgeError('the file is empty');
  if (bytes.length > BADGE_RULES.maxBytes) {
    throw new BadgeError(`the file is larger than ${BADGE_RULES.maxBytes} bytes (512 KB)`);
  }
  return bytes;
}

/** The badge's text (JSON or a JWS) and the container it came in. */
function unwrap(bytes: Buffer): { container: Container; text: string } {
  if (isPng(bytes)) return { container: 'png', text: readPngBadge(bytes).text };
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (decoded.includes('\uFFFD')) {
    throw new BadgeError(
      'the file is neither a PNG nor text (an Open Badge is JSON, a JWS/JWT, or a baked PNG or SVG)',
    );
  }
  const content = decoded.replace(/^\uFEFF/, '').trim();
  if (looksLikeXml(content)) return { container: 'svg', text: readSvgBadge(content).text };
  if (JWS_PATTERN.test(content)) return { container: 'jws', text: content };
  return { container: 'json', text: content };
}

function parseJson(content: string, what: string): Json {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new BadgeError(`${what} is not JSON`);
  }
  if (!isObject(parsed)) throw new BadgeError(`${what} is not a JSON object`);
  return parsed;
}

/** The Ed25519 JWK of a `did:key:z6Mk...` (multibase base58btc, multicodec 0xed01). */
async function didKeyJwk(kid: string): Promise<jose.JWK> {
  const { ed25519FromMultibase } = await import('./integrity');
  const multibase = (kid.slice('did:key:'.length).split('#')[0] ?? '').trim();
  try {
    return { kty: 'OKP', crv: 'Ed25519', x: ed25519FromMultibase(multibase).toString('base64url') };
  } catch {
    throw new BadgeError('its did:key key id is not an Ed25519 key');
  }
}

/** The key a JWS carries in its own header, or undefined when it only names one elsewhere. */
async function embeddedKey(header: jose.ProtectedHeaderParameters): Promise<jose.JWK | undefined> {
  if (isObject(header.jwk)) return header.jwk;
  const kid = typeof header.kid === 'string' ? header.kid : '';
  if (kid.startsWith('did:key:')) return didKeyJwk(kid);
  if (kid.startsWith('did:jwk:')) {
    const encoded = kid.slice('did:jwk:'.length).split('#')[0] ?? '';
    let jwk: unknown;
    try {
      jwk = JSON.parse(new TextDecoder().decode(jose.base64url.decode(encoded)));
    } catch {
      jwk = undefined;
    }
    if (!isObject(jwk)) throw new BadgeError('its did:jwk key id does not hold a key');
    return jwk as unknown as jose.JWK;
  }
  return undefined;
}

/**
 * The JWS's payload as JSON, with its signature checked: with the key the
 * badge carries, else with the one its issuer publishes at the header's `kid`
 * or the OB 2.0 payload's `verification.creator` (fetched).
 */
async function readJws(
  jws: string,
  egress: Egress,
): Promise<{ payload: Json; signature: JwsSignature }> {
  let header: jose.ProtectedHeaderParameters;
  try {
    header = jose.decodeProtectedHeader(jws);
  } catch {
    throw new BadgeError('its JWS header is not readable');
  }
  const [, payloadPart = ''] = jws.split('.');
  let payloadText: string;
  try {
    payloadText = new TextDecoder('utf-8', { fatal: true }).decode(
      jose.base64url.decode(payloadPart),
    );
  } catch {
    throw new BadgeError('its JWS payload is not readable');
  }
  const payload = parseJson(payloadText, 'its signed payload');
  const alg = typeof header.alg === 'string' ? header.alg : '';
  if (!ALGORITHMS.includes(alg)) {
    throw new BadgeError(`its signature algorithm ${alg || '(none)'} is not one a badge may use`);
  }
  const jwk = await embeddedKey(header);
  let key: jose.KeyLike | Uint8Array;
  let keyOwner: string | null | undefined;
  if (jwk) {
    if ('d' in jwk) throw new BadgeError('its header carries a private key');
    try {
      key = await jose.importJWK(jwk, alg);
    } catch {
      throw new BadgeError(`its header's key is not a ${alg} public key`);
    }
  } else {
    const verification = isObject(payload.verification) ? payload.verification : {};
    const url = text(header.kid) ?? text(verification.creator);
    const published = url
      ? await fetchKey(url, alg, egress)
      : 'it names no key (no jwk, kid or verification.creator)';
    if (typeof published === 'string') {
      return {
        payload,
        signature: {
          verified: false,
          verification: `Signed, but ${published}: the signature was not checked.`,
        },
      };
    }
    key = published.key;
    keyOwner = published.owner;
  }
  try {
    await jose.compactVerify(jws, key, { algorithms: [alg] });
  } catch (error) {
    if (error instanceof jose.errors.JWSSignatureVerificationFailed) {
      throw new TamperedBadgeError(
        'is a signed badge whose signature does not match its contents: it was changed after it was signed, so it is refused',
      );
    }
    throw new BadgeError('its signature is not readable');
  }
  return {
    payload,
    signature: {
      verified: true,
      verification:
        keyOwner === undefined
          ? `Signature checked (${alg}) with the public key the badge carries.`
          : `Signature checked (${alg}) with the public key its issuer publishes.`,
      ...(keyOwner === undefined ? {} : { keyOwner }),
    },
  };
}

const typesOf = (v: Json): string[] => {
  const t = v.type ?? v['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string');
};

const contextsOf = (v: Json): string[] => {
  const c = v['@context'];
  return (Array.isArray(c) ? c : [c]).filter((x): x is string => typeof x === 'string');
};

function isCredential(v: Json): boolean {
  return (
    typesOf(v).some((t) => t === 'VerifiableCredential' || t === 'OpenBadgeCredential') ||
    contextsOf(v).some(
      (c) => c.includes('www.w3.org/2018/credentials') || c.includes('www.w3.org/ns/credentials'),
    )
  );
}

function isAssertion(v: Json): boolean {
  return typesOf(v).includes('Assertion') || ('badge' in v && 'recipient' in v);
}

/** YYYY-MM-DD from an ISO 8601 date or date-time (the date as written, not shifted). */
function isoDay(v: unknown, field: string): string | null {
  const t = text(v);
  if (t === null) return null;
  const day = /^(\d{4}-\d{2}-\d{2})(?:[T ]|$)/.exec(t)?.[1];
  if (!day || !isRealIsoDate(day))
    throw new BadgeError(`its ${field} is not an ISO 8601 date (${t.slice(0, 40)})`);
  return day;
}

function nameOf(v: unknown): string | null {
  if (isObject(v)) return text(v.name);
  return null;
}

interface Read {
  name: string;
  issuer: string | null;
  earned: string | null;
  expiry: string | null;
  links: (string | null)[];
  signature: Signature | null;
}

/**
 * An OB 2.0 assertion: a hosted one checked against its hosted copy, its
 * badge class and issuer fetched when it names them only by URL, and the
 * issuer's consent checked for where it is hosted or whose key signed it.
 */
async function readAssertion(
  a: Json,
  egress: Egress,
  signature: JwsSignature | null,
): Promise<Read> {
  // Dates are read first: a badge whose dates are not dates is refused before anything is fetched.
  const earned = isoDay(a.issuedOn, 'issuedOn');
  const expiry = isoDay(a.expires, 'expires');
  if (idOf(a.badge) === null) throw new BadgeError('it is an assertion without a badge');
  const verification = isObject(a.verification) ? a.verification : {};
  const kind = text(verification.type)?.toLowerCase();
  const hosted = !signature && (kind === 'hosted' || kind === 'hostedbadge');
  const checked = hosted ? await checkHosted(a, egress) : null;
  const badge = isObject(a.badge)
    ? a.badge
    : checked?.hosted && isObject(checked.hosted.badge)
      ? checked.hosted.badge
      : await fetchBadgeClass(idOf(a.badge) ?? '', egress);
  const name = nameOf(badge);
  if (!name) throw new BadgeError('its badge class has no name');
  const issuerId = idOf(badge.issuer);
  const issuer = isObject(badge.issuer)
    ? badge.issuer
    : issuerId && (checked?.signature.verified || signature?.verified || !isObject(a.badge))
      ? await fetchIssuer(issuerId, egress)
      : null;
  let why: Signature | null = checked?.signature ?? signature;
  if (checked?.signature.verified) {
    const refused = hostedWhereIssuerAllows(text(a.id) ?? '', issuerId, issuer);
    if (refused) {
      why = {
        verified: false,
        verification: `A hosted assertion that matches its hosted copy, but ${refused}: not verified as its issuer's.`,
      };
    }
  }
  if (signature?.verified && signature.keyOwner !== undefined && signature.keyOwner !== issuerId) {
    why = {
      verified: false,
      verification: `Signed with a key its issuer does not own (the key names ${signature.keyOwner?.slice(0, 200) ?? 'no owner'}): not verified as its issuer's.`,
    };
  }
  return {
    name,
    issuer: text(issuer?.name),
    earned,
    expiry,
    links: [text(a.id), text(badge.id)],
    signature: why,
  };
}

async function readCredential(c: Json, egress: Egress): Promise<Read> {
  const subject: unknown = Array.isArray(c.credentialSubject)
    ? c.credentialSubject[0]
    : c.credentialSubject;
  const achievement =
    isObject(subject) && isObject(subject.achievement) ? subject.achievement : null;
  const name = nameOf(achievement) ?? text(c.name);
  if (!name)
    throw new BadgeError(
      'the credential names no achievement (credentialSubject.achievement.name)',
    );
  const issuer = isObject(c.issuer) ? text(c.issuer.name) : null;
  return {
    name,
    issuer,
    earned:
      isoDay(c.validFrom, 'validFrom') ??
      isoDay(c.issuanceDate, 'issuanceDate') ??
      (isObject(subject) ? isoDay(subject.awardedDate ?? null, 'awardedDate') : null),
    expiry: isoDay(c.validUntil, 'validUntil') ?? isoDay(c.expirationDate, 'expirationDate'),
    links: [text(c.id), achievement ? text(achievement.id) : null],
    signature: c.proof === undefined ? null : await checkProof(c, egress),
  };
}

/** A credential's Data Integrity proof; jsonld and the contexts load only here. */
async function checkProof(c: Json, egress: Egress): Promise<Signature> {
  const { checkDataIntegrity } = await import('./integrity');
  const check = await checkDataIntegrity(c, egress);
  if ('tampered' in check) throw new TamperedBadgeError(check.tampered);
  return check;
}

/** Letters and digits only, lower case, accents dropped: "(ISC)²" and "ISC2" are one key. */
const bodyKey = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The catalogue entry both the badge's name and its issuer point to, if one surely does. */
export function matchCatalogue(name: string, issuer: string | null): string | null {
  // "CISSP - Certified Information ...", "Certified ... (CISSP)", "AWS Certified ...: Associate".
  const acronym = /\(([^()]{2,20})\)\s*$/.exec(name)?.[1];
  const parts = name.split(/\s+[-–—|]\s+|:\s+/).filter((p) => p !== name);
  const candidates = [name, acronym, ...parts, issuer ? `${issuer} ${name}` : undefined];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const entry = findCatalogueEntry(candidate);
    if (!entry) continue;
    // A part names the entry only when the rest of the name says the same: "CCNA: Introduction
    // to Networks" is a course of the CCNA's, not the CCNA.
    if (parts.includes(candidate)) {
      const words = bodyKey(`${entry.name} ${entry.fullName}`);
      const agrees = (p: string) =>
        p === candidate || findCatalogueEntry(p) === entry || words.includes(bodyKey(p));
      if (!parts.every(agrees)) continue;
    }
    if (issuer === null) return null;
    const body = bodyKey(entry.body);
    const by = bodyKey(issuer);
    if (body !== '' && by !== '' && (by.includes(body) || body.includes(by))) return entry.id;
  }
  return null;
}

export async function readBadge(content: string, deps: BadgeReadDeps): Promise<BadgePrefill> {
  const { egress } = deps;
  const bytes = decodeBase64(content);
  const { container, text: inner } = unwrap(bytes);
  let object: Json;
  let signature: JwsSignature | null = null;
  if (JWS_PATTERN.test(inner.trim())) {
    const read = await readJws(inner.trim(), egress);
    signature = read.signature;
    object = isObject(read.payload.vc) ? read.payload.vc : read.payload;
    if (object !== read.payload) {
      // VC-JWT 1.1: the registered claims stand for the credential's dates and id.
      const p = read.payload;
      const asDate = (n: unknown) =>
        typeof n === 'number' ? new Date(n * 1000).toISOString() : undefined;
      object = {
        ...object,
        issuanceDate: object.issuanceDate ?? asDate(p.nbf) ?? asDate(p.iat),
        expirationDate: object.expirationDate ?? asDate(p.exp),
        id: object.id ?? p.jti,
      };
    }
  } else {
    object = parseJson(
      inner,
      container === 'json' ? 'the file' : `the ${container.toUpperCase()}'s badge`,
    );
  }
  let version: 'ob2' | 'ob3';
  let read: Read;
  if (isCredential(object)) {
    version = 'ob3';
    read = signature
      ? { ...(await readCredential(object, egress)), signature }
      : await readCredential(object, egress);
  } else if (isAssertion(object)) {
    version = 'ob2';
    read = await readAssertion(object, egress, signature);
  } else {
    throw new BadgeError(
      'it is neither an Open Badges 2.0 assertion nor an Open Badges 3.0 / Verifiable Credential',
    );
  }
  if (read.expiry !== null && read.earned !== null && read.expiry < read.earned) {
    throw new BadgeError('it expires before it was issued');
  }
  // One line, as long as a certification's name may be: what the form shows and the matcher reads.
  const name = read.name.replace(/\s+/g, ' ').trim().slice(0, LIMITS.nameLength);
  const format =
    container === 'jws'
      ? version === 'ob2'
        ? 'ob2-jws'
        : 'ob3-jwt'
      : (`${version}-${container}` as BadgePrefill['format']);
  const why = read.signature ?? {
    verified: false,
    verification: 'Not signed: nothing in the file proves who issued it.',
  };
  return {
    format,
    certification_name: name,
    issuer: read.issuer?.replace(/\s+/g, ' ').slice(0, LIMITS.nameLength) ?? null,
    catalogue_id: matchCatalogue(name, read.issuer),
    earned_date: read.earned,
    expiry_date: read.expiry,
    verification_link: formLink(read.links),
    verified: why.verified,
    verification: why.verification,
  };
}
