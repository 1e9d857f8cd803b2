/**
 * POST /api/badges/read through the local gateway and the certifications
 * function (issue 28 item 4): a baked Open Badges 2.0 PNG and an Open Badges
 * 3.0 credential answer a certification's prefill; a tampered signed badge
 * and a file that is not a badge answer 400 naming why; nothing is stored.
 */
import { BADGE_RULES, type BadgePrefill, type Certification } from '@cpe/shared';
import { b64, ob2Assertion, ob3Credential, png, signed, svg, tampered } from '../support/badges';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { type TestUser, api, createUser } from '../support/users';

describe.each(backendNames())('reading a badge on %s', (backend) => {
  let runtime: TestRuntime;
  let ada: TestUser;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
    ada = await createUser(runtime);
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  const as = () => api(runtime, ada.accessToken);

  async function read(content_base64: string, file_name = 'badge') {
    runtime.rdsData.calls.reset();
    const answer = await as().post('/api/badges/read', { file_name, content_base64 });
    return { ...answer, dataApiCalls: runtime.rdsData.calls.total };
  }

  async function certifications(): Promise<Certification[]> {
    return (await as().get(`/api/certifications/${ada.userId}`)).body as Certification[];
  }

  it('prefills from a signed Open Badges 2.0 assertion baked into a PNG, verified, storing nothing', async () => {
    const jws = await signed(
      ob2Assertion({ verification: { type: 'signed' }, expires: '2027-03-14T23:59:59Z' }),
    );
    const answer = await read(b64(png({ keyword: 'openbadges', text: jws })), 'cissp.png');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      format: 'ob2-png',
      certification_name: 'CISSP - Certified Information Systems Security Professional',
      issuer: 'ISC2',
      catalogue_id: 'isc2-cissp',
      earned_date: '2024-03-15',
      expiry_date: '2027-03-14',
      verification_link: 'https://badges.example.org/assertions/cissp-1234',
      verified: true,
      verification: 'Signature checked (ES256) with the public key the badge carries.',
    } satisfies BadgePrefill);
    expect(answer.dataApiCalls).toBe(0);
    expect(await certifications()).toEqual([]);
  });

  it('prefills from an Open Badges 3.0 credential (JSON, and a JWT), and the prefill creates a certification', async () => {
    const json = await read(b64(JSON.stringify(ob3Credential())), 'pmp.json');
    expect(json.body).toMatchObject({
      format: 'ob3-json',
      certification_name: 'Project Management Professional (PMP)',
      catalogue_id: 'pmi-pmp',
      earned_date: '2025-01-20',
      verified: false,
    });
    const jwt = await read(
      await signed(ob3Credential(), { key: 'did:jwk', alg: 'EdDSA' }).then(b64),
    );
    expect(jwt.body).toMatchObject({ format: 'ob3-jwt', catalogue_id: 'pmi-pmp', verified: true });

    // What the form sends once the user has seen the prefill.
    const prefill = jwt.body as BadgePrefill;
    const created = await as().post('/api/certifications', {
      certification_name: prefill.certification_name,
      earned_date: prefill.earned_date,
      expiry_date: prefill.expiry_date,
      verification_link: prefill.verification_link,
      catalogue_id: prefill.catalogue_id,
      cpe_needed: null,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      certification_name: 'Project Management Professional (PMP)',
      catalogue_id: 'pmi-pmp',
      unit: 'PDU',
      verification_link: 'https://credentials.example.org/credentials/pmp-5678',
    });
    expect(await certifications()).toHaveLength(1);
  });

  it('refuses a tampered signed badge and files that are not badges with a 400 naming why', async () => {
    const before = await certifications();
    const jws = await signed(ob2Assertion({ verification: { type: 'signed' } }));
    const forged = tampered(jws, (a) => ({ ...a, expires: '2099-01-01T00:00:00Z' }));
    const cases: [string, RegExp][] = [
      [b64(svg('assertion', { verify: forged })), /signature does not match its contents/],
      [b64(png()), /no openbadges or openbadgecredential text chunk/],
      [b64('{"name":"a shopping list"}'), /neither an Open Badges 2\.0 assertion/],
      ['not base64!', /not base64/],
    ];
    for (const [content, why] of cases) {
      const answer = await read(content);
      expect(answer.status).toBe(400);
      const body = answer.body as { message: string; fields?: Record<string, string> };
      expect(body.message).toMatch(why);
      expect(body.message).toContain('content_base64');
    }
    expect(await certifications()).toEqual(before);
  });

  it('refuses a file over 512 KB, and a caller without a token', async () => {
    const big = await read('A'.repeat(BADGE_RULES.maxBase64Length + 4));
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).toContain('at most 524288 bytes (512 KB)');
    const anonymous = await api(runtime).post('/api/badges/read', {
      content_base64: b64(JSON.stringify(ob2Assertion())),
    });
    expect(anonymous.status).toBe(401);
  });
});
