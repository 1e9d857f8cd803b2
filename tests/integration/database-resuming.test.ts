/**
 * A paused Aurora Serverless v2 cluster answers DatabaseResumingException while
 * it wakes. Requests wait for it inside the 25 s budget, then answer 503 with
 * Retry-After, and nothing is half-written either way. Real time: the retry
 * loop runs in the handler exactly as it would in Lambda.
 */
import { sql } from '../support/data-api';
import { expected } from '../support/expected';
import { type TestRuntime, startTestRuntime } from '../support/runtime';

// The fault lives in the Data API emulator, in front of either backend: PGlite suffices.
describe('a resuming database', () => {
  let runtime: TestRuntime;

  beforeAll(async () => {
    runtime = await startTestRuntime('pglite');
  });
  afterAll(async () => {
    await runtime.destroy();
  });
  afterEach(() => runtime.rdsData.faults.clear());

  async function storedMessages(email: string): Promise<number> {
    const rows = await sql(
      runtime,
      'select count(*) as n from contact_messages where email = :email',
      { email },
    );
    return Number(rows[0]?.n ?? -1);
  }

  function submit(email: string): Promise<Response> {
    return fetch(`${runtime.url}/beta/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Grace', email, message: 'Hello while the database wakes up' }),
    });
  }

  it('succeeds when the database resumes within 10 s, writing exactly once', async () => {
    runtime.rdsData.faults.resumingFor(10_000);
    const started = Date.now();

    const response = await submit('ten@example.com');

    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    expect(await storedMessages('ten@example.com')).toBe(1);
  }, 60_000);

  it('answers 503 with Retry-After when it is still resuming after the budget, writing nothing', async () => {
    runtime.rdsData.faults.resumingFor(40_000);
    const started = Date.now();

    const response = await submit('forty@example.com');
    const elapsed = Date.now() - started;

    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ message: expected.stringMatching(/try again/i) });
    expect(elapsed).toBeLessThan(29_000); // under API Gateway's integration timeout
    runtime.rdsData.faults.clear();
    expect(await storedMessages('forty@example.com')).toBe(0);
  }, 60_000);
});
