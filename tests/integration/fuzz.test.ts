/**
 * Random and malformed bodies, ids and query strings on every route of the
 * table: never a 5xx, never invalid data stored; text round-trips verbatim.
 */
import { type RouteDef, routes } from '@cpe/shared';
import fc from 'fast-check';
import { sql } from '../support/data-api';
import { type TestRuntime, startTestRuntime } from '../support/runtime';
import { type TestUser, api, createUser } from '../support/users';

const DOCUMENTED = [200, 201, 204, 400, 404, 409, 429];

const FIELDS = [
  'certification_name',
  'earned_date',
  'expiry_date',
  'cpe_needed',
  'verification_link',
  'user_id',
  'certification_id',
  'activity_name',
  'description',
  'cpe_units',
  'activity_date',
  'is_archived',
  'email',
  'marketing_opt',
  'name',
  'message',
];

const nasty = fc.constantFrom(
  "'; drop table users; --",
  '\u0000',
  '%00',
  '../../etc/passwd',
  '1970-01-01',
  '2024-02-30',
  '9999-12-31',
  '-1',
  '1e309',
  'NaN',
  '0.001',
  '12.34',
  'javascript:alert(1)',
  'https://ok.example',
  ':sub',
  '::uuid',
  '$1',
  '<script>alert(1)</script>',
  'a'.repeat(6000),
  '\ud83d\ude00',
  ' ',
  '',
);

const value = fc.oneof(
  nasty,
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

const body = fc.oneof(
  fc
    .dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: FIELDS.length })
    .map((o) => JSON.stringify(o)),
  fc.json(),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('{', '[]', 'null', '"x"', '{"__proto__":{"admin":true}}', ''),
);

// "." and ".." are dot segments (encodeURIComponent leaves them as they are):
// every HTTP client resolves them away before sending, so they can never reach
// an {id} parameter.
const isDotSegment = (s: string) => s === '.' || s === '..';
const id = fc
  .oneof(nasty, fc.uuid(), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }))
  .filter((s) => !isDotSegment(s));

const query = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.string({ maxLength: 12 }),
  { maxKeys: 3 },
);

function concretePath(route: RouteDef, idValue: string, q: Record<string, string>): string {
  const prefix = route.api === 'contact' ? '/beta' : '';
  const path = route.path.replace(/\{\w+\}/, encodeURIComponent(idValue) || 'x');
  const search = new URLSearchParams(q).toString();
  return `${prefix}${path}${search ? `?${search}` : ''}`;
}

describe('fuzzed requests', () => {
  let runtime: TestRuntime;
  let user: TestUser;

  beforeAll(async () => {
    runtime = await startTestRuntime('pglite', { contactToAddress: 'owner@example.com' });
    user = await createUser(runtime);
    // Something to aim at: a real certification of the caller.
    await api(runtime, user.accessToken).post('/api/certifications', {
      certification_name: 'Target',
      earned_date: '2024-01-01',
      expiry_date: null,
      cpe_needed: 1,
      verification_link: null,
    });
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  it.each((routes as readonly RouteDef[]).map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s never answers 5xx',
    async (_label, route) => {
      await fc.assert(
        fc.asyncProperty(body, id, query, async (b, i, q) => {
          const client = api(runtime, user.accessToken);
          const path = concretePath(route, i, q);
          const answer = ['POST', 'PUT'].includes(route.method)
            ? await client.raw(route.method, path, b)
            : await client.raw(route.method, path, '');
          expect({
            path,
            body: b,
            status: answer.status,
            documented: DOCUMENTED.includes(answer.status),
          }).toEqual({
            path,
            body: b,
            status: answer.status,
            documented: true,
          });
          if (answer.status === 400) {
            expect(answer.body).toEqual({
              message: expect.stringMatching(/^Invalid request: /),
              errors: expect.any(Object),
            });
          }
        }),
        { numRuns: 40 },
      );
    },
  );

  it('stored only valid data', async () => {
    const certs = await sql(
      runtime,
      `select certification_name, cpe_needed, earned_date, expiry_date, verification_link from certifications`,
    );
    for (const c of certs) {
      const name = String(c.certification_name);
      expect(name.trim()).toBe(name);
      expect(name.length).toBeGreaterThan(0);
      if (c.cpe_needed !== null) expect(Number(c.cpe_needed)).toBeGreaterThanOrEqual(0);
      if (c.expiry_date !== null)
        expect(`${c.expiry_date as string}` >= `${c.earned_date as string}`).toBe(true);
      if (c.verification_link !== null)
        expect(c.verification_link as string).toMatch(/^https?:\/\//);
    }
    const activities = await sql(
      runtime,
      `select activity_name, cpe_units, activity_date from activities`,
    );
    for (const a of activities) {
      expect(String(a.activity_name).trim().length).toBeGreaterThan(0);
      expect(Number(a.cpe_units)).toBeGreaterThanOrEqual(0);
      expect(String(a.activity_date) <= '2100-01-01').toBe(true);
    }
  });

  it('stores and returns SQL metacharacters and unicode verbatim', async () => {
    const client = api(runtime, user.accessToken);
    await fc.assert(
      fc.asyncProperty(
        fc
          .oneof(nasty, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }))
          .filter((s) => s.trim().length > 0 && s.trim().length <= 200 && !s.includes('\u0000')),
        async (name) => {
          const created = await client.post('/api/certifications', {
            certification_name: name,
            earned_date: '2024-01-01',
            expiry_date: null,
            cpe_needed: null,
            verification_link: null,
          });
          expect(created.status).toBe(201);
          const certId = (created.body as { certification_id: string }).certification_id;
          const read = await client.get(`/api/certification/${certId}`);
          expect((read.body as Array<{ certification_name: string }>)[0]?.certification_name).toBe(
            name.trim(),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
