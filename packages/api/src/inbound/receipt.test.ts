import {
  MAX_PROPOSALS_PER_DAY,
  MAX_RECIPIENTS,
  forwardingLocals,
  proposalsLeft,
  readReceipt,
  verdictRefusal,
} from './receipt';

const PASS = { status: 'PASS' };

/** The Lambda action's event record, as SES documents it (fields the function does not read left out). */
function sesEvent(receipt: Record<string, unknown> = {}, mail: Record<string, unknown> = {}) {
  return {
    Records: [
      {
        eventSource: 'aws:ses',
        eventVersion: '1.0',
        ses: {
          mail: {
            timestamp: '2026-02-10T09:00:00.000Z',
            source: 'webinars@example.com',
            messageId: 'o3vrnil0e2ic28trm7dfhrc2v0clambda4nbp0g1',
            destination: ['abcdefghjkmnpqrstuvw@in.example.org'],
            commonHeaders: { subject: 'Certificate', from: ['webinars@example.com'] },
            ...mail,
          },
          receipt: {
            recipients: ['abcdefghjkmnpqrstuvw@in.example.org'],
            spamVerdict: PASS,
            virusVerdict: PASS,
            spfVerdict: PASS,
            dkimVerdict: PASS,
            dmarcVerdict: { status: 'GRAY' },
            action: { type: 'Lambda', functionArn: 'arn:aws:lambda:x', invocationType: 'Event' },
            ...receipt,
          },
        },
      },
    ],
  };
}

describe('the SES receipt', () => {
  it('reads the message id, the recipients and the four verdicts', () => {
    expect(readReceipt(sesEvent({ spfVerdict: { status: 'GRAY' } }))).toEqual({
      messageId: 'o3vrnil0e2ic28trm7dfhrc2v0clambda4nbp0g1',
      recipients: ['abcdefghjkmnpqrstuvw@in.example.org'],
      verdicts: { spam: 'PASS', virus: 'PASS', spf: 'GRAY', dkim: 'PASS' },
    });
  });

  it('names what is wrong with an event of another shape', () => {
    expect(readReceipt({})).toMatch(/^not an SES receipt event \(Records/);
    expect(readReceipt(sesEvent({}, { messageId: '../users/x' }))).toMatch(
      /^not an SES receipt event \(Records\.0\.ses\.mail\.messageId/,
    );
    expect(readReceipt(sesEvent({ virusVerdict: undefined }))).toMatch(/virusVerdict/);
  });
});

describe('the verdict policy', () => {
  const all = { spam: 'PASS', virus: 'PASS', spf: 'PASS', dkim: 'PASS' };

  it('lets in a message that passes every check, or SPF or DKIM alone', () => {
    expect(verdictRefusal(all)).toBeUndefined();
    expect(verdictRefusal({ ...all, spf: 'FAIL' })).toBeUndefined();
    expect(verdictRefusal({ ...all, dkim: 'GRAY' })).toBeUndefined();
  });

  it.each([
    [{ virus: 'FAIL' }, 'the virus verdict is FAIL'],
    [{ virus: 'PROCESSING_FAILED' }, 'the virus verdict is PROCESSING_FAILED'],
    [{ spam: 'FAIL' }, 'the spam verdict is FAIL'],
    [{ spam: 'GRAY' }, 'the spam verdict is GRAY'],
    [{ spf: 'FAIL', dkim: 'FAIL' }, 'neither SPF (FAIL) nor DKIM (FAIL) passed'],
    [
      { spf: 'GRAY', dkim: 'PROCESSING_FAILED' },
      'neither SPF (GRAY) nor DKIM (PROCESSING_FAILED) passed',
    ],
  ])('keeps out %j', (verdicts, why) => {
    expect(verdictRefusal({ ...all, ...verdicts })).toBe(why);
  });
});

describe('forwarding addresses among the recipients', () => {
  const a = 'abcdefghjkmnpqrstuvw';
  const b = 'zyxwvutsrqpnmkjhgfed';

  it('takes the local parts at the inbound domain, case and +tags ignored, each once', () => {
    expect(
      forwardingLocals(
        [`${a.toUpperCase()}@IN.Example.org`, `${b}+cpe@in.example.org`, `${a}@in.example.org`],
        'in.example.org',
      ),
    ).toEqual([a, b]);
  });

  it('leaves out other domains and local parts that cannot be an address of ours', () => {
    expect(
      forwardingLocals(
        [
          `${a}@example.org`,
          `${a}@in.example.org.evil.test`,
          'abcdefghjkmnpqrstuv0@in.example.org',
          'short@in.example.org',
          `x${a}@in.example.org`,
        ],
        'in.example.org',
      ),
    ).toEqual([]);
  });

  it(`acts on at most ${MAX_RECIPIENTS} addresses of one message`, () => {
    const many = Array.from(
      { length: 8 },
      (_, i) => `${'abcdefghjkmnpqrstuv'}${'23456789'[i]}@in.example.org`,
    );
    expect(forwardingLocals(many, 'in.example.org')).toHaveLength(MAX_RECIPIENTS);
  });
});

describe('the daily limit', () => {
  it(`allows ${MAX_PROPOSALS_PER_DAY} proposals a day, never fewer than none`, () => {
    expect(proposalsLeft(0)).toBe(MAX_PROPOSALS_PER_DAY);
    expect(proposalsLeft(MAX_PROPOSALS_PER_DAY - 1)).toBe(1);
    expect(proposalsLeft(MAX_PROPOSALS_PER_DAY)).toBe(0);
    expect(proposalsLeft(MAX_PROPOSALS_PER_DAY + 7)).toBe(0);
  });
});
