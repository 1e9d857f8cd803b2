/**
 * Open Badges as issuers hand them out, built here for the tests: a 2.0
 * assertion (hosted, or signed as a JWS carrying its public key or naming
 * the one its issuer publishes), baked into a PNG's iTXt chunk or an SVG
 * element; a 3.0 credential as JSON, a JWT, or with a Data Integrity proof
 * made with a fresh Ed25519 key; a signed badge tampered with after
 * signing; and an issuer's server on 127.0.0.1 to host them. The PNG writer
 * is this file's own, independent of the reader under test.
 */
import bs58 from 'bs58';
import canonicalize from 'canonicalize';
import { CompactSign, base64url, exportJWK, exportSPKI, generateKeyPair } from 'jose';
import jsonld from 'jsonld';
import type { JsonLd } from 'jsonld/jsonld-spec';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import credentialsV2 from '../badges/contexts/credentials-v2.json';
import openBadgesV3 from '../badges/contexts/ob-v3p0-3.0.3.json';

export type Json = Record<string, unknown>;

/** Where the issuer of the fixtures lives (an issuer's server in the online tests). */
export const EXAMPLE_ISSUER = 'https://badges.example.org';

export function ob2Assertion(
  overrides: {
    name?: string;
    issuer?: string;
    issuedOn?: string;
    expires?: string;
    id?: string;
    verification?: Json;
    /** The issuer's origin: the assertion, badge class and issuer ids live under it. */
    base?: string;
  } = {},
): Json {
  const base = overrides.base ?? EXAMPLE_ISSUER;
  return {
    '@context': 'https://w3id.org/openbadges/v2',
    type: 'Assertion',
    id: overrides.id ?? `${base}/assertions/cissp-1234`,
    recipient: { type: 'email', hashed: false, identity: 'holder@example.com' },
    badge: {
      type: 'BadgeClass',
      id: `${base}/badges/cissp`,
      name: overrides.name ?? 'CISSP - Certified Information Systems Security Professional',
      description: 'Holders of the CISSP have shown deep knowledge of security.',
      image: `${base}/badges/cissp.png`,
      criteria: { narrative: 'Pass the exam and be endorsed.' },
      issuer: {
        type: 'Profile',
        id: `${base}/issuer`,
        name: overrides.issuer ?? 'ISC2',
        url: 'https://www.isc2.org',
      },
    },
    issuedOn: overrides.issuedOn ?? '2024-03-15T10:00:00Z',
    ...(overrides.expires === undefined ? {} : { expires: overrides.expires }),
    verification: overrides.verification ?? { type: 'hosted' },
  };
}

export function ob3Credential(
  overrides: {
    name?: string;
    issuer?: string;
    validFrom?: string;
    validUntil?: string;
    id?: string;
  } = {},
): Json {
  return {
    '@context': [
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ],
    id: overrides.id ?? 'https://credentials.example.org/credentials/pmp-5678',
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: {
      id: 'https://credentials.example.org/issuers/pmi',
      type: ['Profile'],
      name: overrides.issuer ?? 'PMI',
    },
    validFrom: overrides.validFrom ?? '2025-01-20T00:00:00Z',
    ...(overrides.validUntil === undefined ? {} : { validUntil: overrides.validUntil }),
    name: 'Project Management Professional',
    credentialSubject: {
      type: ['AchievementSubject'],
      id: 'did:example:holder',
      achievement: {
        id: 'https://credentials.example.org/achievements/pmp',
        type: ['Achievement'],
        name: overrides.name ?? 'Project Management Professional (PMP)',
        description: 'Project management across predictive and agile approaches.',
        criteria: { narrative: 'Pass the PMP exam.' },
      },
    },
  };
}

/** One PNG chunk: length, type, data, CRC. */
export function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A 1x1 RGB PNG; with `text`, an iTXt chunk under `keyword` (deflated when `compress`). */
export function png(baked?: { keyword: string; text: string; compress?: boolean }): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
  ];
  if (baked) {
    const text = Buffer.from(baked.text, 'utf8');
    parts.push(
      chunk(
        'iTXt',
        Buffer.concat([
          Buffer.from(`${baked.keyword}\0`, 'latin1'),
          Buffer.from([baked.compress ? 1 : 0, 0]),
          Buffer.from('\0\0', 'latin1'), // no language tag, no translated keyword
          baked.compress ? deflateSync(text) : text,
        ]),
      ),
    );
  }
  parts.push(chunk('IDAT', deflateSync(Buffer.from([0, 0x1f, 0x6f, 0xb4]))));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** An SVG badge with the badge as the element's text, or (signed) in its verify attribute. */
export function svg(element: string, content: { json?: Json; verify?: string }): Buffer {
  const attr = content.verify === undefined ? '' : ` verify="${content.verify}"`;
  const body = content.json === undefined ? '' : `<![CDATA[${JSON.stringify(content.json)}]]>`;
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:openbadges="https://openbadges.org" width="100" height="100">
  <openbadges:${element.replace('openbadges:', '')}${attr}>${body}</openbadges:${element.replace('openbadges:', '')}>
  <circle cx="50" cy="50" r="40" fill="#1f6fb4"/>
</svg>
`,
    'utf8',
  );
}

/**
 * A JWS over `payload` whose protected header carries the public key: as
 * `jwk` (the Open Badges 2.0 signed assertion's way here) or as a did:jwk
 * key id (a VC-JWT's), or not at all (the key is the issuer's to publish).
 */
export async function signed(
  payload: Json,
  options: {
    key?: 'jwk' | 'did:jwk' | 'none';
    alg?: 'ES256' | 'EdDSA' | 'RS256';
    typ?: string;
  } = {},
): Promise<string> {
  const alg = options.alg ?? 'ES256';
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = await exportJWK(publicKey);
  const header: Record<string, unknown> = { alg, ...(options.typ ? { typ: options.typ } : {}) };
  if ((options.key ?? 'jwk') === 'jwk') header.jwk = jwk;
  if (options.key === 'did:jwk') header.kid = `did:jwk:${base64url.encode(JSON.stringify(jwk))}#0`;
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader(header as { alg: string })
    .sign(privateKey);
}

/** The same JWS with its payload changed after signing (the signature kept). */
export function tampered(jws: string, change: (payload: Json) => Json): string {
  const [header, payload, signature] = jws.split('.') as [string, string, string];
  const decoded = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as Json;
  return `${header}.${base64url.encode(JSON.stringify(change(decoded)))}.${signature}`;
}

export const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

/**
 * An OB 2.0 assertion as an issuer publishes it in parts: the assertion names
 * its badge class by URL, the badge class its issuer by URL.
 */
export function ob2Parts(assertion: Json): { assertion: Json; badge: Json; issuer: Json } {
  const badge = assertion.badge as Json;
  const issuer = badge.issuer as Json;
  return {
    assertion: { ...assertion, badge: badge.id },
    badge: { '@context': 'https://w3id.org/openbadges/v2', ...badge, issuer: issuer.id },
    issuer: { '@context': 'https://w3id.org/openbadges/v2', ...issuer },
  };
}

/**
 * A JWS signed with a fresh key that the badge does not carry: the issuer
 * publishes it (`publish` gets the OB 2.0 CryptographicKey to serve at
 * `keyUrl`, owned by `owner`). The key is named by the payload's
 * `verification.creator` (OB 2.0) or, with `kid`, by the header.
 */
export async function signedByPublishedKey(
  payload: Json,
  options: { keyUrl: string; owner: string; kid?: boolean },
): Promise<{ jws: string; key: Json }> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const header = { alg: 'RS256', ...(options.kid ? { kid: options.keyUrl } : {}) };
  const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader(header)
    .sign(privateKey);
  return {
    jws,
    key: {
      '@context': 'https://w3id.org/openbadges/v2',
      type: 'CryptographicKey',
      id: options.keyUrl,
      owner: options.owner,
      publicKeyPem: await exportSPKI(publicKey),
    },
  };
}

const CONTEXTS = new Map<string, unknown>(
  Object.entries({
    'https://www.w3.org/ns/credentials/v2': credentialsV2,
    'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json': openBadgesV3,
  }),
);

/**
 * `credential` with a Data Integrity proof (`eddsa-rdfc-2022` or
 * `eddsa-jcs-2022`) made with a fresh Ed25519 key, its verification method
 * the key's did:key, as W3C's EdDSA cryptosuites specify.
 */
export async function diSigned(
  credential: Json,
  suite: 'eddsa-rdfc-2022' | 'eddsa-jcs-2022' = 'eddsa-rdfc-2022',
): Promise<Json> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  const multikey = `z${bs58.encode(Buffer.concat([Buffer.from([0xed, 0x01]), raw]))}`;
  const proof = {
    type: 'DataIntegrityProof',
    cryptosuite: suite,
    created: '2025-01-20T00:00:00Z',
    verificationMethod: `did:key:${multikey}#${multikey}`,
    proofPurpose: 'assertionMethod',
  };
  const config = { ...proof, '@context': credential['@context'] };
  const canonical = async (doc: Json): Promise<string> =>
    suite === 'eddsa-jcs-2022'
      ? (canonicalize(doc) ?? '')
      : jsonld.canonize(doc, {
          format: 'application/n-quads',
          documentLoader: (url: string) =>
            Promise.resolve({ documentUrl: url, document: CONTEXTS.get(url) as JsonLd }),
        });
  const digest = async (doc: Json) =>
    createHash('sha256')
      .update(await canonical(doc))
      .digest();
  const data = Buffer.concat([await digest(config), await digest(credential)]);
  const proofValue = `z${bs58.encode(sign(null, data, privateKey))}`;
  return { ...credential, proof: { ...proof, proofValue } };
}

export interface IssuerServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Serves `body` as application/ld+json at `path`. */
  json(path: string, body: unknown): void;
  /** Answers `path` with this status, headers and body. */
  answer(
    path: string,
    answer: { status: number; headers?: Record<string, string>; body?: string },
  ): void;
  /** How many requests each path received. */
  hits(path: string): number;
  close(): Promise<void>;
}

/** An issuer's server on 127.0.0.1 serving what a test puts at each path. */
export async function startIssuerServer(): Promise<IssuerServer> {
  type Answer = { status: number; headers: Record<string, string>; body: string };
  const answers = new Map<string, Answer>();
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const answer = answers.get(path) ?? {
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: '{"error":"not found"}',
    };
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    json(path, body) {
      answers.set(path, {
        status: 200,
        headers: { 'content-type': 'application/ld+json' },
        body: JSON.stringify(body),
      });
    },
    answer(path, { status, headers = {}, body = '' }) {
      answers.set(path, { status, headers, body });
    },
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
