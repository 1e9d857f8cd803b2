import type { SecretReader } from '../secrets';
import { createUnsubscribeTokens } from './unsubscribe-token';

const ARN = 'arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:test';
const USER = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const OTHER = '6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b';
const reader = (signingKey: string): SecretReader => ({
  getSecretJson: () => Promise.resolve({ signingKey }),
});

describe('unsubscribe tokens', () => {
  const tokens = createUnsubscribeTokens(reader('k'.repeat(40)), ARN);

  it('verify what they signed, naming the user', async () => {
    expect(await tokens.verify(await tokens.sign(USER))).toBe(USER);
  });

  it('refuse another key, another user, a changed signature and junk', async () => {
    const token = await tokens.sign(USER);
    const signature = token.split('.')[1]!;
    const otherKey = createUnsubscribeTokens(reader('x'.repeat(40)), ARN);
    expect(await otherKey.verify(token)).toBeUndefined();
    expect(await tokens.verify(`${OTHER}.${signature}`)).toBeUndefined();
    expect(await tokens.verify(`${USER}.${signature.slice(0, -2)}AA`)).toBeUndefined();
    for (const junk of ['', '.', USER, `${USER}.`, `${token}.x`, 'not-a-uuid.abc']) {
      expect(await tokens.verify(junk)).toBeUndefined();
    }
  });

  it('are parsed strictly: no padding, stray characters, trailing garbage or other case (issue 25 item 6)', async () => {
    const token = await tokens.sign(USER);
    const [, signature] = token.split('.') as [string, string];
    // Each of these decodes (Buffer's base64url skips what it does not read) to the same bytes.
    for (const loose of [
      `${token}=`,
      `${token}!`,
      `${token} `,
      `${USER}.${signature.slice(0, 20)}*${signature.slice(20)}`,
      `${USER}.${signature}\n`,
      `${USER.toUpperCase()}.${signature}`,
      ` ${token}`,
    ]) {
      expect({ loose, user: await tokens.verify(loose) }).toEqual({ loose, user: undefined });
    }
    expect(await tokens.verify(token)).toBe(USER);
  });

  it('fail loudly without a signing key', async () => {
    await expect(createUnsubscribeTokens(reader('short'), ARN).sign(USER)).rejects.toThrow(
      /signingKey/,
    );
    await expect(
      createUnsubscribeTokens(reader('k'.repeat(40)), undefined).sign(USER),
    ).rejects.toThrow(/REMINDER_SECRET_ARN/);
  });
});
