/**
 * POST /api/badges/read through the local gateway and the certifications
 * function (issue 28 item 4): a baked Open Badges 2.0 PNG and an Open Badges
 * 3.0 credential answer a certification's prefill; a tampered signed badge
 * and a file that is not a badge answer 400 naming why; nothing is stored.
 * Verified online (docs/decisions/121): the runtime lets badge reads fetch
 * from loopback over http, where an issuer's server on 127.0.0.1 hosts
 * assertions, badge classes and keys.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { BADGE_RULES, type BadgePrefill, type Certification } from '@cpe/shared';
import {
  type IssuerServer,
  b64,
  diSigned,
  ob2Assertion,
  ob2Parts,
  ob3Credential,
  png,
  signed,
  startIssuerServer,
  svg,
  tampered,
} from '../support/badges';
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
      ['', /content_base64 is an empty file/],
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

describe.each(backendNames())('verifying a badge online on %s', (backend) => {
  let runtime: TestRuntime;
  let ada: TestUser;
  let issuer: IssuerServer;

  beforeAll(async () => {
    [runtime, issuer] = await Promise.all([
      startTestRuntime(backend, { badgeFetchAllowLoopback: true }),
      startIssuerServer(),
    ]);
    ada = await createUser(runtime);
  });
  afterAll(async () => {
    await Promise.all([runtime.destroy(), issuer.close()]);
  });

  const read = (badge: unknown) =>
    api(runtime, ada.accessToken).post('/api/badges/read', {
      content_base64: b64(typeof badge === 'string' ? badge : JSON.stringify(badge)),
    });

  /** A port nothing listens on: an issuer whose server is down. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it('verifies a hosted assertion its issuer serves, and refuses it changed in the file', async () => {
    const assertion = ob2Assertion({ base: issuer.url, expires: '2027-03-14T23:59:59Z' });
    const path = new URL(assertion.id as string).pathname;
    issuer.json(path, assertion);

    const verified = await read(assertion);
    const changed = await read({ ...assertion, expires: '2099-12-31T00:00:00Z' });

    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      format: 'ob2-json',
      catalogue_id: 'isc2-cissp',
      expiry_date: '2027-03-14',
      verification_link: assertion.id,
      verified: true,
      verification: `Hosted assertion fetched from ${String(assertion.id)}: it matches the file.`,
    });
    expect(issuer.hits(path)).toBe(2);
    expect(changed.status).toBe(400);
    expect((changed.body as { message: string }).message).toContain(
      'does not match the assertion its issuer hosts',
    );
  });

  it('refuses a revoked assertion with a 400 saying so', async () => {
    const assertion = ob2Assertion({ base: issuer.url, id: `${issuer.url}/assertions/revoked` });
    issuer.json('/assertions/revoked', {
      ...assertion,
      revoked: true,
      revocationReason: 'Issued in error',
    });

    const answer = await read(assertion);

    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain(
      'is a badge its issuer has revoked (Issued in error)',
    );
  });

  it('reads, unverified with the reason, a hosted assertion whose issuer is down', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const assertion = ob2Assertion({ base: down });

    const answer = await read(assertion);

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      catalogue_id: 'isc2-cissp',
      verified: false,
      verification: `A hosted assertion: fetching ${down}/assertions/cissp-1234 from its issuer failed (the connection was refused), so it is not verified.`,
    });
  });

  it('prefills the name from a badge class named only by URL', async () => {
    const parts = ob2Parts(
      ob2Assertion({ base: issuer.url, id: `${issuer.url}/assertions/parts` }),
    );
    issuer.json('/assertions/parts', parts.assertion);
    issuer.json('/badges/cissp', parts.badge);
    issuer.json('/issuer', parts.issuer);

    const answer = await read(parts.assertion);

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      certification_name: 'CISSP - Certified Information Systems Security Professional',
      issuer: 'ISC2',
      catalogue_id: 'isc2-cissp',
      verified: true,
    });
  });

  it('verifies an Open Badges 3.0 credential with a Data Integrity proof, and refuses it with one field changed', async () => {
    const credential = await diSigned(ob3Credential({ validUntil: '2028-01-19T23:59:59Z' }));

    const verified = await read(credential);
    const changed = await read({ ...credential, validUntil: '2099-01-19T23:59:59Z' });

    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      format: 'ob3-json',
      catalogue_id: 'pmi-pmp',
      expiry_date: '2028-01-19',
      verified: true,
      verification: expect.stringContaining(
        'Data Integrity proof (eddsa-rdfc-2022) checked',
      ) as string,
    });
    expect(changed.status).toBe(400);
    expect((changed.body as { message: string }).message).toContain('changed after it was signed');
  });
});
