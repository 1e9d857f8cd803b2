import { S3Error } from './errors';
import { checkPolicy, type PolicyCheck } from './post-policy';

const NOW = new Date('2026-03-01T12:00:00Z');
const encode = (document: unknown) => Buffer.from(JSON.stringify(document)).toString('base64');

/** A check of `conditions` against `fields` (names as a browser sends them), expiring in an hour. */
function check(
  conditions: unknown[],
  fields: Record<string, string>,
  overrides: Partial<PolicyCheck> & { expiration?: string } = {},
): PolicyCheck {
  const { expiration = '2026-03-01T13:00:00.000Z', ...rest } = overrides;
  return {
    policy: encode({ expiration, conditions }),
    bucket: 'evidence',
    fields: new Map(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value])),
    fieldNames: Object.keys(fields),
    size: 100,
    now: NOW,
    ...rest,
  };
}

function refusal(input: PolicyCheck): S3Error {
  try {
    checkPolicy(input);
  } catch (error) {
    if (error instanceof S3Error) return error;
    throw error;
  }
  throw new Error('expected the policy to refuse');
}

describe('POST policy conditions', () => {
  it('accepts exact matches in both forms, starts-with, and a size in range, field names in any case', () => {
    const input = check(
      [
        { bucket: 'evidence' },
        ['eq', '$key', 'users/u1/a.pdf'],
        ['starts-with', '$Content-Type', 'application/'],
        ['content-length-range', 1, 100],
        { 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' },
      ],
      {
        key: 'users/u1/a.pdf',
        'content-type': 'application/pdf',
        'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      },
    );

    expect(() => checkPolicy(input)).not.toThrow();
  });

  it('an expired policy is AccessDenied "Policy expired."', () => {
    const error = refusal(check([], {}, { expiration: '2026-03-01T11:59:59Z' }));

    expect([error.type, error.message]).toEqual([
      'AccessDenied',
      'Invalid according to Policy: Policy expired.',
    ]);
  });

  it('a failed condition is AccessDenied naming it as S3 prints it', () => {
    const key = refusal(check([['eq', '$key', 'users/u1/a.pdf']], { key: 'users/u2/a.pdf' }));
    const simple = refusal(check([{ key: 'users/u1/a.pdf' }], { key: 'users/u2/a.pdf' }));
    const bucket = refusal(check([{ bucket: 'other' }], {}));

    expect(key.message).toBe(
      'Invalid according to Policy: Policy Condition failed: ["eq", "$key", "users/u1/a.pdf"]',
    );
    expect(simple.message).toBe(
      'Invalid according to Policy: Policy Condition failed: ["eq", "$key", "users/u1/a.pdf"]',
    );
    expect(bucket.message).toContain('["eq", "$bucket", "other"]');
  });

  it('starts-with on Content-Type holds for every type of a comma-separated list', () => {
    const condition = [['starts-with', '$Content-Type', 'image/']];

    expect(() =>
      checkPolicy(check(condition, { 'Content-Type': 'image/png, image/webp' })),
    ).not.toThrow();
    expect(refusal(check(condition, { 'Content-Type': 'image/png,text/html' })).type).toBe(
      'AccessDenied',
    );
  });

  it('starts-with is refused on fields S3 only matches exactly', () => {
    const error = refusal(
      check([['starts-with', '$success_action_status', '2']], { success_action_status: '201' }),
    );

    expect(error.type).toBe('AccessDenied');
  });

  it('an empty starts-with prefix accepts any value', () => {
    expect(() =>
      checkPolicy(
        check([['starts-with', '$x-amz-meta-tag', '']], { 'x-amz-meta-tag': 'anything' }),
      ),
    ).not.toThrow();
  });

  it('sizes outside content-length-range are EntityTooLarge and EntityTooSmall with the limits', () => {
    const range = [['content-length-range', '10', '20']];

    const large = refusal(check(range, {}, { size: 21 }));
    const small = refusal(check(range, {}, { size: 9 }));

    expect([large.type, large.status, [...large.details]]).toEqual([
      'EntityTooLarge',
      400,
      [
        ['ProposedSize', '21'],
        ['MaxSizeAllowed', '20'],
      ],
    ]);
    expect([small.type, [...small.details]]).toEqual([
      'EntityTooSmall',
      [
        ['ProposedSize', '9'],
        ['MinSizeAllowed', '10'],
      ],
    ]);
  });

  it('a field no condition covers is an extra input field, except the signature, the policy and x-ignore-*', () => {
    const covered = { key: 'k' };
    const conditions = [{ key: 'k' }];

    const extra = refusal(check(conditions, { ...covered, 'x-amz-meta-owner': 'me' }));

    expect(extra.message).toBe('Invalid according to Policy: Extra input fields: x-amz-meta-owner');
    expect(() =>
      checkPolicy(
        check(conditions, { ...covered, 'X-Amz-Signature': 'ab', Policy: 'p', 'x-ignore-a': '1' }),
      ),
    ).not.toThrow();
  });

  it('a condition S3 cannot read fails as a condition; an unreadable document is InvalidPolicyDocument', () => {
    const operator = refusal(check([['ends-with', '$key', 'pdf']], { key: 'a.pdf' }));
    const noDollar = refusal(check([['eq', 'key', 'a.pdf']], { key: 'a.pdf' }));
    const twoProperties = refusal(check([{ key: 'a', acl: 'b' }], {}));
    const notJson = refusal({ ...check([], {}), policy: Buffer.from('{nope').toString('base64') });
    const noExpiration = refusal({ ...check([], {}), policy: encode({ conditions: [] }) });
    const badExpiration = refusal(check([], {}, { expiration: 'tomorrow' }));

    expect([operator.type, noDollar.type]).toEqual(['AccessDenied', 'AccessDenied']);
    expect(
      [twoProperties, notJson, noExpiration, badExpiration].map((e) => [e.type, e.status]),
    ).toEqual([
      ['InvalidPolicyDocument', 400],
      ['InvalidPolicyDocument', 400],
      ['InvalidPolicyDocument', 400],
      ['InvalidPolicyDocument', 400],
    ]);
  });
});
