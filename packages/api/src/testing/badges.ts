/**
 * Open Badges as issuers hand them out, built here for the tests: a 2.0
 * assertion (hosted, or signed as a JWS carrying its public key), baked
 * into a PNG's iTXt chunk or an SVG element; a 3.0 credential as JSON or a
 * JWT; and a signed badge tampered with after signing. The PNG writer is
 * this file's own, independent of the reader under test.
 */
import { CompactSign, base64url, exportJWK, generateKeyPair } from 'jose';
import { crc32, deflateSync } from 'node:zlib';

export type Json = Record<string, unknown>;

export function ob2Assertion(
  overrides: {
    name?: string;
    issuer?: string;
    issuedOn?: string;
    expires?: string;
    id?: string;
    verification?: Json;
  } = {},
): Json {
  return {
    '@context': 'https://w3id.org/openbadges/v2',
    type: 'Assertion',
    id: overrides.id ?? 'https://badges.example.org/assertions/cissp-1234',
    recipient: { type: 'email', hashed: false, identity: 'holder@example.com' },
    badge: {
      type: 'BadgeClass',
      id: 'https://badges.example.org/badges/cissp',
      name: overrides.name ?? 'CISSP - Certified Information Systems Security Professional',
      description: 'Holders of the CISSP have shown deep knowledge of security.',
      image: 'https://badges.example.org/badges/cissp.png',
      criteria: { narrative: 'Pass the exam and be endorsed.' },
      issuer: {
        type: 'Profile',
        id: 'https://badges.example.org/issuer',
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
