/**
 * POST /api/uploads/{id}/proposal with an AI key in the local Secrets
 * Manager: the handler asks an OpenAI-compatible server (a fake one on
 * loopback) for a JSON-schema structured extraction through the openai
 * package, checks what it answers, and falls back to the offline rules when
 * the call fails or the answer is not the JSON asked for.
 */
import { uploadFile } from '../support/api';
import { functionLog } from '../support/function-log';
import { CERTIFICATE, certificatePdf } from '../support/inbound-mail';
import { type FakeOpenAi, reply, startFakeOpenAi } from '../support/openai-server';
import { type TestRuntime, startTestRuntime } from '../support/runtime';
import { expected } from '../support/expected';
import { type TestUser, api, createUser } from '../support/users';

const API_KEY = 'sk-local-test-key-for-proposals';

let fake: FakeOpenAi;
let runtime: TestRuntime;
let user: TestUser;
let uploadId: string;
const log = functionLog();

beforeAll(async () => {
  fake = await startFakeOpenAi();
  runtime = await startTestRuntime('pglite', {
    openAi: { apiKey: API_KEY, baseUrl: fake.baseURL },
    // The tests read the function's log as its container writes it.
    lambda: 'workers',
    log: log.sink,
  });
  user = await createUser(runtime);
  const bytes = await certificatePdf(CERTIFICATE);
  uploadId = (await uploadFile(api(runtime, user.accessToken), { bytes })).upload_id;
}, 60_000);

afterAll(async () => {
  await runtime.destroy();
  await fake.close();
});

beforeEach(() => {
  fake.reset();
  log.clear();
});

describe('proposals with an OpenAI key', () => {
  /** What the function serving the proposal (reports) logged: the Logger's JSON lines. */
  const logged = (expected?: number) => log.entries('reports', expected);

  const propose = () => api(runtime, user.accessToken).post(`/api/uploads/${uploadId}/proposal`);

  it("answers the model's structured extraction, checked, asking with a JSON schema and the server-side key", async () => {
    fake.queue(
      reply.completion(
        JSON.stringify({
          activity_name: 'Secure Code Review (SEC522)',
          provider: 'SANS Institute',
          activity_date: '2026-02-10',
          cpe_units: 6,
          description: '  Reviewing code for security flaws.  ',
        }),
      ),
    );

    const answer = await propose();

    expect(answer).toEqual(
      expect.objectContaining({
        status: 200,
        body: {
          proposal: {
            activity_name: 'Secure Code Review (SEC522)',
            provider: 'SANS Institute',
            activity_date: '2026-02-10',
            cpe_units: 6,
            description: 'Reviewing code for security flaws.',
          },
        },
      }),
    );
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.body).toMatchObject({
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'certificate_activity', strict: true },
      },
    });
    expect(JSON.stringify(sent.body.messages)).toContain('Secure Code Review');
    expect(await logged()).toEqual([]);
  });

  it('drops what the model made up beyond the rules (a future date, units out of range)', async () => {
    fake.queue(
      reply.completion(
        JSON.stringify({
          activity_name: 'Secure Code Review',
          provider: null,
          activity_date: '2999-01-01',
          cpe_units: -3,
          description: null,
        }),
      ),
    );

    const answer = await propose();

    expect(answer.body).toEqual({ proposal: { activity_name: 'Secure Code Review' } });
  });

  it('falls back to the offline rules when the answer is not the JSON asked for, or the call fails', async () => {
    fake.queue(reply.completion('Sure! The course is Secure Code Review.'));
    const prose = await propose();
    fake.queue(
      reply.error(500, { message: 'boom', type: 'server_error' }),
      reply.error(500, { message: 'boom' }),
    );
    const failed = await propose();

    const offline = {
      activity_name: 'Secure Code Review',
      provider: 'SANS Institute',
      activity_date: '2026-02-10',
      cpe_units: 6,
    };
    expect(prose.body).toMatchObject({ proposal: offline });
    expect(failed.body).toMatchObject({ proposal: offline });
    const failure = (what: Record<string, unknown>) =>
      expected.objectContaining({
        level: 'WARN',
        message: 'AI extraction failed; rules used',
        service: 'cpe-tracker',
        function_name: 'cpe-local-reports',
        requestId: expected.any(String),
        ...what,
      });
    expect(await logged(2)).toEqual([
      failure({ error: 'SyntaxError' }),
      failure({ error: 'InternalServerError', status: 500 }),
    ]);
    // Neither the key, nor the certificate's text, nor the model's answer.
    expect(log.text()).not.toContain(API_KEY);
    expect(log.text()).not.toContain('Secure Code Review');
  });
});
