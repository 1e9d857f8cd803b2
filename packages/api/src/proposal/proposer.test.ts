import type { ChatClient } from '../recommend/openai';
import { SecretFormatError } from '../secrets';
import { type LogLines, captureLogLines } from '../testing/log-lines';
import { CERTIFICATE_TEXT } from './fixtures';
import { createProposer } from './proposer';
import { proposeFromText } from './rules';

const TODAY = '2026-06-01';
const KEY = 'sk-test-proposer-0123456789';

/** An error as the openai package throws one: its own class, an HTTP status, a message from the provider. */
class InternalServerError extends Error {
  readonly status = 500;
}

/** A chat client that answers `content` as the completion's text, or fails with `error`. */
function client(outcome: { content: string } | { error: Error }): ChatClient {
  return {
    complete: () =>
      'error' in outcome
        ? Promise.reject(outcome.error)
        : Promise.resolve({ choices: [{ message: { content: outcome.content } }] }),
  };
}

let log: LogLines;
beforeEach(() => {
  log = captureLogLines();
});
afterEach(() => log.restore());

describe('createProposer: what it logs', () => {
  it('logs a failed call by its class and status only, and answers the rules', async () => {
    const proposer = createProposer({
      apiKey: () => Promise.resolve(KEY),
      createClient: () =>
        client({ error: new InternalServerError(`upstream exploded reading ${CERTIFICATE_TEXT}`) }),
      model: 'gpt-test',
    });

    const proposal = await proposer.propose(CERTIFICATE_TEXT, TODAY, 'req-1');

    expect(proposal).toEqual(proposeFromText(CERTIFICATE_TEXT, TODAY));
    expect(await log.entries()).toEqual([
      expect.objectContaining({
        level: 'WARN',
        message: 'AI extraction failed; rules used',
        service: 'cpe-tracker',
        requestId: 'req-1',
        error: 'InternalServerError',
        status: 500,
      }),
    ]);
    expect(log.written()).not.toContain('upstream exploded');
    expect(log.written()).not.toContain('Zero Trust');
    expect(log.written()).not.toContain(KEY);
  });

  it('logs an answer that is not the JSON asked for without its text', async () => {
    const proposer = createProposer({
      apiKey: () => Promise.resolve(KEY),
      createClient: () => client({ content: 'Sure! It is Zero Trust Architecture in Practice.' }),
      model: 'gpt-test',
    });

    const proposal = await proposer.propose(CERTIFICATE_TEXT, TODAY, 'req-2');

    expect(proposal).toEqual(proposeFromText(CERTIFICATE_TEXT, TODAY));
    expect(await log.entries()).toEqual([
      expect.objectContaining({
        level: 'WARN',
        message: 'AI extraction failed; rules used',
        requestId: 'req-2',
        error: 'SyntaxError',
      }),
    ]);
    expect(log.written()).not.toContain('Zero Trust');
  });

  it('logs a key that cannot be read by its class, and answers the rules without a call', async () => {
    const proposer = createProposer({
      apiKey: () => Promise.reject(new SecretFormatError('Secret arn:x has no string "apiKey"')),
      createClient: () => {
        throw new Error('must not be called');
      },
      model: 'gpt-test',
    });

    const proposal = await proposer.propose(CERTIFICATE_TEXT, TODAY, 'req-3');

    expect(proposal).toEqual(proposeFromText(CERTIFICATE_TEXT, TODAY));
    expect(await log.entries()).toEqual([
      expect.objectContaining({
        level: 'WARN',
        message: 'AI key unavailable; rules used',
        requestId: 'req-3',
        error: 'SecretFormatError',
      }),
    ]);
    expect(log.written()).not.toContain('apiKey');
  });

  it('logs nothing when no key is configured or the model answers', async () => {
    const answer = JSON.stringify({
      activity_name: 'Zero Trust Architecture in Practice',
      provider: 'Cloud Security Alliance',
      activity_date: '2026-05-14',
      cpe_units: 4,
      description: null,
    });
    const offline = createProposer({
      apiKey: () => Promise.resolve(undefined),
      createClient: () => {
        throw new Error('must not be called');
      },
      model: 'gpt-test',
    });
    const online = createProposer({
      apiKey: () => Promise.resolve(KEY),
      createClient: () => client({ content: answer }),
      model: 'gpt-test',
    });

    await offline.propose(CERTIFICATE_TEXT, TODAY, 'req-4');
    await online.propose(CERTIFICATE_TEXT, TODAY, 'req-5');

    expect(await log.entries()).toEqual([]);
  });
});
