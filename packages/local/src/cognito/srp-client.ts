import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The client half of Cognito's SRP (what Amplify computes in the browser),
 * for tests that sign in the way the web app does. Written from the formulas
 * in docs/aws-fidelity.md and deliberately sharing no code with the
 * emulator's srp.ts, so a mistake on either side shows up as a failed proof.
 */

const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const G = 2n;

const toHex = (n: bigint) => {
  const hex = n.toString(16);
  return hex.length % 2 ? `0${hex}` : hex;
};
const pad = (n: bigint) => {
  const hex = toHex(n);
  return parseInt(hex.charAt(0), 16) >= 8 ? `00${hex}` : hex;
};
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const fromHex = (hex: string) => BigInt(`0x${hex}`);

function power(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  let square = base % mod;
  for (let e = exp; e > 0n; e /= 2n) {
    if (e % 2n === 1n) result = (result * square) % mod;
    square = (square * square) % mod;
  }
  return result;
}

const K = fromHex(sha256(Buffer.from(pad(N) + pad(G), 'hex')));

export function poolNameOf(userPoolId: string): string {
  return userPoolId.split('_')[1] ?? '';
}

/** `Tue Jun 3 09:05:07 UTC 2025`, day unpadded, as Amplify formats it. */
export function timestampOf(date: Date): string {
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  const hms = [date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return `${days[date.getUTCDay()]} ${months[date.getUTCMonth()]} ${date.getUTCDate()} ${hms} UTC ${date.getUTCFullYear()}`;
}

export interface SrpClient {
  /** SRP_A for InitiateAuth, hex, unpadded. */
  srpA: string;
  /** PASSWORD_VERIFIER ChallengeResponses for the server's challenge parameters. */
  respond(input: {
    password: string;
    challenge: Record<string, string>;
    now?: Date;
  }): Record<string, string>;
}

export function createSrpClient(userPoolId: string): SrpClient {
  const poolName = poolNameOf(userPoolId);
  const a = fromHex(randomBytes(128).toString('hex'));
  const A = power(G, a, N);
  return {
    srpA: A.toString(16),
    respond({ password, challenge, now = new Date() }) {
      const userId = challenge.USER_ID_FOR_SRP ?? '';
      const B = fromHex(challenge.SRP_B ?? '');
      const salt = fromHex(challenge.SALT ?? '');
      const secretBlock = challenge.SECRET_BLOCK ?? '';
      const u = fromHex(sha256(Buffer.from(pad(A) + pad(B), 'hex')));
      const inner = sha256(`${poolName}${userId}:${password}`);
      const x = fromHex(sha256(Buffer.from(pad(salt) + inner, 'hex')));
      const base = (((B - K * power(G, x, N)) % N) + N) % N;
      const S = power(base, a + u * x, N);
      const prk = createHmac('sha256', Buffer.from(pad(u), 'hex'))
        .update(Buffer.from(pad(S), 'hex'))
        .digest();
      const key = createHmac('sha256', prk)
        .update(Buffer.concat([Buffer.from('Caldera Derived Key'), Buffer.from([1])]))
        .digest()
        .subarray(0, 16);
      const timestamp = timestampOf(now);
      const signature = createHmac('sha256', key)
        .update(
          Buffer.concat([
            Buffer.from(poolName),
            Buffer.from(userId),
            Buffer.from(secretBlock, 'base64'),
            Buffer.from(timestamp),
          ]),
        )
        .digest('base64');
      return {
        USERNAME: challenge.USERNAME ?? userId,
        PASSWORD_CLAIM_SECRET_BLOCK: secretBlock,
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: signature,
      };
    },
  };
}
