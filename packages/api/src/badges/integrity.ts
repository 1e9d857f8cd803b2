/**
 * Data Integrity proofs of an Open Badges 3.0 credential (docs/decisions/121):
 * `eddsa-rdfc-2022` (the credential canonicalised as RDF, RDFC-1.0) and
 * `eddsa-jcs-2022` (as JSON, RFC 8785), both Ed25519, as W3C's "Data
 * Integrity EdDSA Cryptosuites v1.0" verifies them. Loaded only when a badge
 * carries such a proof: jsonld is the bulk of it.
 *
 * Contexts are never fetched: the loader holds the W3C credentials v2 context
 * and the Open Badges 3.0.3 context (contexts/, as published at their URLs),
 * and a credential naming any other is not checked. The key is a `did:key`
 * (Ed25519, multicodec 0xed01) read from the verification method itself, or
 * a Multikey document the issuer publishes at an https URL, fetched through
 * the egress guard.
 */
import bs58 from 'bs58';
import canonicalize from 'canonicalize';
import jsonld from 'jsonld';
import type { JsonLd, RemoteDocument } from 'jsonld/jsonld-spec';
import { createHash, createPublicKey, verify } from 'node:crypto';
import credentialsV2 from './contexts/credentials-v2.json';
import openBadgesV3 from './contexts/ob-v3p0-3.0.3.json';
import type { Egress } from './egress';

type Json = Record<string, unknown>;

/**
 * What the proof says. Answered as data, not thrown: this module is a lazy
 * file of its own, and a copy of errors.ts in it would be missed by the
 * handler's instanceof (see errors.ts).
 */
export type ProofCheck = { verified: boolean; verification: string } | { tampered: string };

const CONTEXTS: Record<string, object> = {
  'https://www.w3.org/ns/credentials/v2': credentialsV2,
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json': openBadgesV3,
};

const SUITES = ['eddsa-rdfc-2022', 'eddsa-jcs-2022'] as const;
type Suite = (typeof SUITES)[number];

/** Multicodec ed25519-pub (0xed) as the unsigned varint a did:key's bytes start with. */
const ED25519_PREFIX = [0xed, 0x01];
/** RDFC-1.0 on a hostile graph can run long: past this, the proof is not checked. */
const CANONICALISE_MS = 2000;

class Unchecked extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'Unchecked';
  }
}

const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** jsonld 9's options; @types/jsonld predates safe mode and rdf-canonize's options. */
interface CanonizeOptions extends jsonld.Options.Normalize {
  safe: boolean;
  canonizeOptions: { algorithm: 'RDFC-1.0'; signal: AbortSignal };
}

const documentLoader = (url: string): Promise<RemoteDocument> => {
  const document = Object.hasOwn(CONTEXTS, url) ? CONTEXTS[url] : undefined;
  if (document === undefined) {
    return Promise.reject(
      new Unchecked(
        `its context ${url.slice(0, 120)} is not one held here (contexts are not fetched)`,
      ),
    );
  }
  // @types/jsonld's JsonLd predates JSON-LD 1.1 (`@protected`), which both contexts use.
  return Promise.resolve({ documentUrl: url, document: document as JsonLd });
};

async function rdfc(document: Json): Promise<string> {
  try {
    const options: CanonizeOptions = {
      format: 'application/n-quads',
      documentLoader,
      safe: true,
      canonizeOptions: { algorithm: 'RDFC-1.0', signal: AbortSignal.timeout(CANONICALISE_MS) },
    };
    return await jsonld.canonize(document, options);
  } catch (error) {
    const cause = (error as { details?: { cause?: unknown } }).details?.cause;
    if (error instanceof Unchecked) throw error;
    if (cause instanceof Unchecked) throw cause;
    throw new Unchecked(
      'it could not be canonicalised as JSON-LD (a term its contexts do not define, or too complex a graph)',
    );
  }
}

function jcs(document: Json): string {
  const text = canonicalize(document);
  if (text === undefined) throw new Unchecked('it could not be canonicalised as JSON');
  return text;
}

/** The raw 32-byte Ed25519 key of a multibase (base58btc, `z`) multikey. */
export function ed25519FromMultibase(multibase: string): Buffer {
  if (!multibase.startsWith('z')) throw new Unchecked('its key is not base58btc multibase');
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(multibase.slice(1));
  } catch {
    throw new Unchecked('its key is not base58btc multibase');
  }
  if (bytes.length !== 34 || bytes[0] !== ED25519_PREFIX[0] || bytes[1] !== ED25519_PREFIX[1]) {
    throw new Unchecked('its key is not an Ed25519 multikey');
  }
  return Buffer.from(bytes.subarray(2));
}

/** The key a verification method names: a did:key's own, or a published Multikey document's. */
async function keyOf(method: string, egress: Egress): Promise<{ key: Buffer; controller: string }> {
  if (method.startsWith('did:key:')) {
    const did = method.split('#')[0] ?? '';
    return { key: ed25519FromMultibase(did.slice('did:key:'.length)), controller: did };
  }
  if (/^https:\/\//i.test(method) || /^http:\/\//i.test(method)) {
    const fetched = await egress.fetchJson(method);
    if (!fetched.ok) {
      throw new Unchecked(
        `its key at ${method.slice(0, 200)} could not be fetched: ${fetched.reason}`,
      );
    }
    const doc = fetched.json;
    if (!isObject(doc) || typeof doc.publicKeyMultibase !== 'string') {
      throw new Unchecked(`the document at ${method.slice(0, 200)} is not a Multikey`);
    }
    if (doc.id !== method) {
      throw new Unchecked(`the key at ${method.slice(0, 200)} names another id`);
    }
    return {
      key: ed25519FromMultibase(doc.publicKeyMultibase),
      controller: typeof doc.controller === 'string' ? doc.controller : '',
    };
  }
  throw new Unchecked(
    `its verification method ${method.slice(0, 80)} is neither a did:key nor an https URL`,
  );
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Checks `credential`'s Data Integrity proof. A signature that does not match
 * answers `tampered` (the caller refuses the badge); a proof that cannot be checked (another
 * suite, a context not held, a key not reachable) answers unverified with why.
 */
export async function checkDataIntegrity(credential: Json, egress: Egress): Promise<ProofCheck> {
  const { proof, ...unsecured } = credential;
  if (!isObject(proof)) {
    return {
      verified: false,
      verification: 'It carries more than one proof, which is not checked here.',
    };
  }
  const suite = proof.cryptosuite;
  if (proof.type !== 'DataIntegrityProof' || !SUITES.includes(suite as Suite)) {
    const name =
      typeof suite === 'string'
        ? suite
        : typeof proof.type === 'string'
          ? proof.type
          : 'linked-data';
    return {
      verified: false,
      verification: `It carries a ${name.slice(0, 60)} proof, which is not checked here (only eddsa-rdfc-2022 and eddsa-jcs-2022 Data Integrity proofs, and JWT and JWS signatures, are).`,
    };
  }
  try {
    if (proof.proofPurpose !== 'assertionMethod') {
      throw new Unchecked('its proof is not for assertionMethod');
    }
    if (typeof proof.proofValue !== 'string' || typeof proof.verificationMethod !== 'string') {
      throw new Unchecked('its proof has no proofValue or verificationMethod');
    }
    const { proofValue, ...options } = proof;
    const config = { ...options, '@context': unsecured['@context'] };
    const [configText, documentText] =
      suite === 'eddsa-rdfc-2022'
        ? await Promise.all([rdfc(config), rdfc(unsecured)])
        : [jcs(config), jcs(unsecured)];
    const { key, controller } = await keyOf(proof.verificationMethod, egress);
    let signature: Uint8Array;
    try {
      if (!proofValue.startsWith('z')) throw new Error('not base58btc');
      signature = bs58.decode(proofValue.slice(1));
    } catch {
      throw new Unchecked('its proofValue is not base58btc multibase');
    }
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: key.toString('base64url') },
      format: 'jwk',
    });
    const data = Buffer.concat([sha256(configText), sha256(documentText)]);
    if (signature.length !== 64 || !verify(null, data, publicKey, signature)) {
      return {
        tampered:
          'is a signed badge whose Data Integrity proof does not match its contents: it was changed after it was signed, so it is refused',
      };
    }
    const issuer: unknown = isObject(credential.issuer) ? credential.issuer.id : credential.issuer;
    const whose =
      controller !== '' && controller === issuer
        ? "the issuer's own key"
        : `the key ${proof.verificationMethod.slice(0, 120)}`;
    return {
      verified: true,
      verification: `Data Integrity proof (${suite as Suite}) checked with ${whose}.`,
    };
  } catch (error) {
    if (error instanceof Unchecked) {
      return {
        verified: false,
        verification: `It carries an ${String(suite)} proof that was not checked: ${error.message}.`,
      };
    }
    throw error;
  }
}
