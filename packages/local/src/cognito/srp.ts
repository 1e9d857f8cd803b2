import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The server half of Cognito's SRP-6a variant, as Amplify's client computes
 * the other half: RFC 5054 3072-bit group, SHA-256, Java-style signed hex
 * padding, and an HKDF-derived key that signs the challenge.
 */

const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD1' +
  '29024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245' +
  'E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3D' +
  'C2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D' +
  '670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9' +
  'DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64' +
  'ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6B' +
  'F12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB31' +
  '43DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

export const N = BigInt(`0x${N_HEX}`);
export const g = 2n;

/** Even-length hex, with a 00 prefix when the top bit is set (Java BigInteger.toByteArray). */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

export function hexToBigInt(hex: string): bigint {
  return BigInt(`0x${hex}`);
}

/** SHA-256 of the bytes a hex string encodes, as 64 hex digits. */
export function hashHex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

export function hashUtf8(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  if (b < 0n) b += modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

export const k = hexToBigInt(hashHex(padHex(N) + padHex(g)));

/** The pool name is the part of the pool id after `_`; it salts every password. */
export function poolNameOf(userPoolId: string): string {
  return userPoolId.split('_')[1] ?? '';
}

function passwordExponent(poolName: string, userId: string, password: string, salt: string) {
  const inner = hashUtf8(`${poolName}${userId}:${password}`);
  return hexToBigInt(hashHex(padHex(hexToBigInt(salt)) + inner));
}

export interface Verifier {
  /** Hex, as sent in the SALT challenge parameter. */
  salt: string;
  /** g^x mod N, hex. */
  verifier: string;
}

export function createVerifier(poolName: string, userId: string, password: string): Verifier {
  const salt = padHex(hexToBigInt(randomBytes(16).toString('hex')));
  const x = passwordExponent(poolName, userId, password, salt);
  return { salt, verifier: modPow(g, x, N).toString(16) };
}

/** Recomputes the verifier from a password: how USER_PASSWORD_AUTH checks it without storing it. */
export function passwordMatches(
  poolName: string,
  userId: string,
  password: string,
  stored: Verifier,
): boolean {
  const x = passwordExponent(poolName, userId, password, stored.salt);
  const candidate = Buffer.from(padHex(modPow(g, x, N)), 'hex');
  const expected = Buffer.from(padHex(hexToBigInt(stored.verifier)), 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

export interface ServerEphemeral {
  /** Secret b, hex. */
  b: string;
  /** Public B = (k*v + g^b) mod N, hex (unpadded, as Cognito sends SRP_B). */
  B: string;
}

export function createServerEphemeral(verifierHex: string): ServerEphemeral {
  const v = hexToBigInt(verifierHex);
  for (;;) {
    const b = hexToBigInt(randomBytes(128).toString('hex'));
    const B = (k * v + modPow(g, b, N)) % N;
    if (B !== 0n) return { b: b.toString(16), B: B.toString(16) };
  }
}

/** SRP-6a safety check on the client's A. */
export function isValidClientPublic(aHex: string): boolean {
  if (!/^[0-9a-f]+$/i.test(aHex)) return false;
  return hexToBigInt(aHex) % N !== 0n;
}

const HKDF_INFO = Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]);

/** Amplify's one-block HKDF: 16 bytes of HMAC(HMAC(salt=u, ikm=S), info || 0x01). */
export function deriveKey(S: bigint, u: bigint): Buffer {
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  return createHmac('sha256', prk).update(HKDF_INFO).digest().subarray(0, 16);
}

export function scramble(A: bigint, B: bigint): bigint {
  return hexToBigInt(hashHex(padHex(A) + padHex(B)));
}

/** The key the server shares with a client that knows the password: S = (A * v^u)^b mod N. */
export function serverKey(input: { A: string; B: string; b: string; verifier: string }): Buffer {
  const A = hexToBigInt(input.A);
  const B = hexToBigInt(input.B);
  const u = scramble(A, B);
  const v = hexToBigInt(input.verifier);
  const S = modPow((A * modPow(v, u, N)) % N, hexToBigInt(input.b), N);
  return deriveKey(S, u);
}

export function claimSignature(input: {
  key: Buffer;
  poolName: string;
  userId: string;
  secretBlock: string;
  timestamp: string;
}): string {
  return createHmac('sha256', input.key)
    .update(Buffer.from(input.poolName, 'utf8'))
    .update(Buffer.from(input.userId, 'utf8'))
    .update(Buffer.from(input.secretBlock, 'base64'))
    .update(Buffer.from(input.timestamp, 'utf8'))
    .digest('base64');
}

export function signaturesEqual(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'base64');
  const b = Buffer.from(received, 'base64');
  return a.length === b.length && timingSafeEqual(a, b);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Tue Jun 3 09:05:07 UTC 2025`: the TIMESTAMP format of PASSWORD_VERIFIER (day not padded). */
export function srpTimestamp(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ${time} UTC ${date.getUTCFullYear()}`;
}

export const SRP_TIMESTAMP_PATTERN =
  /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2} \d{2}:\d{2}:\d{2} UTC \d{4}$/;
