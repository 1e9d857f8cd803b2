/** POST /api/recommendations without an AI key: the built-in catalogue answers. */
import { type TestRuntime, startTestRuntime } from '../support/runtime';
import { type TestUser, api, createUser } from '../support/users';

describe('recommendations from the catalogue', () => {
  let runtime: TestRuntime;
  let user: TestUser;

  beforeAll(async () => {
    runtime = await startTestRuntime('pglite');
    user = await createUser(runtime);
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  it("recommends next steps for the caller's certifications in one Data API call", async () => {
    await api(runtime, user.accessToken).post('/api/certifications', {
      certification_name: 'CompTIA Security+',
      earned_date: '2024-01-01',
      expiry_date: '2027-01-01',
      cpe_needed: 50,
      verification_link: null,
    });
    runtime.rdsData.calls.reset();

    const answer = await api(runtime, user.accessToken).post('/api/recommendations');

    expect(answer.status).toBe(200);
    expect(runtime.rdsData.calls.total).toBe(1);
    const body = answer.body as { text: string; source: string; entries: string[] };
    expect(body.source).toBe('catalogue');
    // The ids of the entries the text recommends, for the one-click add.
    expect(body.entries).toHaveLength(3);
    expect(body.entries).not.toContain('comptia-security-plus');
    expect(body.entries).toContain(
      body.text.includes('CySA+') ? 'comptia-cysa-plus' : 'isc2-cissp',
    );
    expect(body.text).toMatch(/CySA\+|CISSP/);
    expect(body.text).not.toMatch(/^\s*\d+\.\s+CompTIA Security\+/m);
  });

  it('needs a token', async () => {
    expect((await api(runtime).post('/api/recommendations')).status).toBe(401);
  });
});
