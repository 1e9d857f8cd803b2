import { createSrpClient } from './srp-client';
import {
  claimSignature,
  createServerEphemeral,
  createVerifier,
  isValidClientPublic,
  N,
  padHex,
  passwordMatches,
  serverKey,
  signaturesEqual,
  srpTimestamp,
} from './srp';

const POOL_ID = 'ap-southeast-2_LocalPool1';
const USER_ID = '6f1f4a1e-0c55-4b8e-9a57-3f2d1f0f7c11';

/** Runs the server side of one PASSWORD_VERIFIER exchange against the independent test client. */
function exchange(registered: string, attempted: string) {
  const stored = createVerifier('LocalPool1', USER_ID, registered);
  const client = createSrpClient(POOL_ID);
  const { b, B } = createServerEphemeral(stored.verifier);
  const challenge = {
    SALT: stored.salt,
    SRP_B: B,
    SECRET_BLOCK: Buffer.from('opaque secret block').toString('base64'),
    USERNAME: USER_ID,
    USER_ID_FOR_SRP: USER_ID,
  };
  const now = new Date('2025-06-03T09:05:07Z');
  const answer = client.respond({ password: attempted, challenge, now });
  const key = serverKey({ A: client.srpA, B, b, verifier: stored.verifier });
  const expected = claimSignature({
    key,
    poolName: 'LocalPool1',
    userId: USER_ID,
    secretBlock: challenge.SECRET_BLOCK,
    timestamp: answer.TIMESTAMP ?? '',
  });
  return { answer, expected };
}

describe('padHex', () => {
  it.each([
    [0x14n, '14'],
    [0xecn, '00ec'],
    [0x1abn, '01ab'],
    [0x7fffn, '7fff'],
    [0x8000n, '008000'],
  ])('pads %s to %s', (value, hex) => {
    expect(padHex(value)).toBe(hex);
  });
});

describe('SRP password verification', () => {
  it('accepts the proof of a client that knows the password', () => {
    const { answer, expected } = exchange('correct horse', 'correct horse');

    expect(signaturesEqual(expected, answer.PASSWORD_CLAIM_SIGNATURE ?? '')).toBe(true);
    expect(answer.TIMESTAMP).toBe('Tue Jun 3 09:05:07 UTC 2025');
  });

  it('rejects the proof of a client with the wrong password', () => {
    const { answer, expected } = exchange('correct horse', 'correct horsf');

    expect(signaturesEqual(expected, answer.PASSWORD_CLAIM_SIGNATURE ?? '')).toBe(false);
  });

  it('checks a plain password against the stored verifier only', () => {
    const stored = createVerifier('LocalPool1', USER_ID, 'password1');

    expect(JSON.stringify(stored)).not.toContain('password1');
    expect(passwordMatches('LocalPool1', USER_ID, 'password1', stored)).toBe(true);
    expect(passwordMatches('LocalPool1', USER_ID, 'password2', stored)).toBe(false);
    expect(passwordMatches('OtherPool', USER_ID, 'password1', stored)).toBe(false);
  });

  it('refuses a client public value that is a multiple of N', () => {
    expect(isValidClientPublic(N.toString(16))).toBe(false);
    expect(isValidClientPublic('0')).toBe(false);
    expect(isValidClientPublic('not hex')).toBe(false);
    expect(isValidClientPublic(createSrpClient(POOL_ID).srpA)).toBe(true);
  });
});

describe('srpTimestamp', () => {
  it('leaves the day unpadded and pads the time', () => {
    expect(srpTimestamp(new Date('2025-06-03T09:05:07Z'))).toBe('Tue Jun 3 09:05:07 UTC 2025');
    expect(srpTimestamp(new Date('2024-12-25T23:59:09Z'))).toBe('Wed Dec 25 23:59:09 UTC 2024');
  });
});
