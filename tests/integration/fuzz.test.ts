/**
 * Random and malformed bodies, ids and query strings on every route of the
 * table, on each backend: never a 5xx, never invalid data stored; text
 * round-trips verbatim. The values include the classes issue 9 found:
 * mixed-case and malformed link schemes, control characters, emails Cognito
 * accepts, prototype-named keys; and every single-line field of every route
 * refuses control characters by name.
 */
import {
  CATALOGUE_ID_PATTERN,
  CREDIT_UNITS,
  type Certification,
  LINK_PATTERN,
  type RouteDef,
  SINGLE_LINE_FORBIDDEN,
  isSingleLine,
  routes,
} from '@cpe/shared';
import fc from 'fast-check';
import { createActivity, createCertification } from '../support/api';
import { b64, ob2Assertion } from '../support/badges';
import { sql } from '../support/data-api';
import { expected } from '../support/expected';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
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
  'catalogue_id',
  'unit',
  'cycle_months',
  'annual_minimum',
  'certified_on',
  '__proto__',
  'constructor',
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
  // Link schemes a URL parser repairs and a CHECK refuses (issue 9 item 1).
  'HTTPS://EXAMPLE.COM',
  'Http://x.y',
  'http:evil.example',
  'https:/x.y',
  'h\ttps://x.y',
  'https:\\\\x.y',
  // Control characters in single-line text (issue 9 item 5).
  'Eve\r\nBcc: victim@example.com',
  'tab\there',
  'bell\u0007',
  'next\u0085line',
  'line\u2028separator',
  // Emails Cognito accepts (issue 9 item 6).
  '"ada..lovelace"@example.com',
  'zoë.müller@bücher.example',
  `${'a'.repeat(116)}@example.com`,
  `${'a'.repeat(117)}@example.com`,
  // Catalogue ids, units and cycles.
  'isc2-cissp',
  'ISC2-CISSP',
  '__proto__',
  'CPD hours',
  '13201',
  '36',
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

describe.each(backendNames())('fuzzed requests on %s', (backend) => {
  let runtime: TestRuntime;
  let user: TestUser;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend, { contactToAddress: 'owner@example.com' });
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
              message: expected.stringMatching(/^Invalid request: /),
              errors: expected.any(Object),
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
      `select certification_name, cpe_needed, earned_date, expiry_date, verification_link,
              catalogue_id, unit, cycle_months, annual_minimum
         from certifications`,
    );
    for (const c of certs) {
      const name = String(c.certification_name);
      expect(name.trim()).toBe(name);
      expect(name.length).toBeGreaterThan(0);
      expect(name).not.toMatch(new RegExp(SINGLE_LINE_FORBIDDEN));
      if (c.cpe_needed !== null) expect(Number(c.cpe_needed)).toBeGreaterThanOrEqual(0);
      if (c.expiry_date !== null) {
        expect(`${c.expiry_date as string}` >= `${c.earned_date as string}`).toBe(true);
        expect(c.cycle_months).not.toBeNull();
      }
      if (c.verification_link !== null)
        expect(c.verification_link as string).toMatch(new RegExp(LINK_PATTERN));
      if (c.catalogue_id !== null)
        expect(c.catalogue_id as string).toMatch(new RegExp(CATALOGUE_ID_PATTERN));
      if (c.unit !== null) expect(CREDIT_UNITS).toContain(c.unit);
      if (c.annual_minimum !== null) expect(Number(c.annual_minimum)).toBeGreaterThanOrEqual(0);
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
          .filter(
            (s) =>
              s.trim().length > 0 &&
              s.trim().length <= 200 &&
              !s.includes('\u0000') &&
              isSingleLine(s),
          ),
        async (name) => {
          const created = await createCertification(client, {
            certification_name: name,
            earned_date: '2024-01-01',
            expiry_date: null,
            cpe_needed: null,
            verification_link: null,
          });
          const certId = created.certification_id;
          const read = await client.get(`/api/certification/${certId}`);
          expect((read.body as Certification[])[0]?.certification_name).toBe(name.trim());
        },
      ),
      { numRuns: 40 },
    );
  });

  describe('control characters in every text field of every route (issue 9 item 5)', () => {
    /** Fields that hold several lines: line breaks and tabs are text there. */
    const MULTI_LINE = new Set(['description', 'message']);
    let certId = '';
    let activityId = '';
    let sample = 0;

    beforeAll(async () => {
      const client = api(runtime, user.accessToken);
      const cert = await createCertification(client, {
        certification_name: 'Controls',
        earned_date: '2024-01-01',
        expiry_date: null,
      });
      certId = cert.certification_id;
      const activity = await createActivity(client, {
        certification_id: certId,
        activity_name: 'Controls',
        activity_date: '2024-01-02',
      });
      activityId = activity.activity_id;
    });

    /** A valid request of each route with a body or query, and the text fields in it. */
    function samples(): Record<
      string,
      { path: string; body: Record<string, unknown>; text: string[] }
    > {
      sample += 1;
      const certificate = {
        certification_name: 'Sample',
        earned_date: '2024-01-01',
        expiry_date: '2027-01-01',
        cpe_needed: 10,
        verification_link: 'https://example.com/v',
        catalogue_id: 'isc2-cissp',
        unit: 'CPE',
      };
      const activity = {
        activity_name: 'Sample',
        description: 'Notes',
        cpe_units: 1,
        activity_date: '2024-02-01',
      };
      return {
        createCertification: {
          path: '/api/certifications',
          body: certificate,
          text: ['certification_name', 'verification_link', 'catalogue_id', 'unit'],
        },
        updateCertification: {
          path: `/api/certifications/${certId}`,
          body: certificate,
          text: ['certification_name', 'verification_link', 'catalogue_id', 'unit'],
        },
        renewCertification: {
          path: `/api/renewCertification/${certId}`,
          body: { expiry_date: '2099-01-01' },
          text: [],
        },
        createActivity: {
          path: '/api/activities',
          body: { ...activity, certification_id: certId },
          text: ['activity_name', 'description', 'provider', 'category'],
        },
        updateActivity: {
          path: `/api/activities/${activityId}`,
          body: activity,
          text: ['activity_name', 'description', 'provider', 'category'],
        },
        listActivities: {
          path: `/api/activities/${certId}`,
          body: { proof: 'missing' },
          text: ['proof'],
        },
        setSubmission: {
          path: `/api/activities/${activityId}/submissions`,
          body: { certification_id: certId, submitted_on: '2024-03-01' },
          text: ['certification_id', 'submitted_on'],
        },
        createUpload: {
          path: '/api/uploads',
          body: { file_name: 'proof.pdf', content_type: 'application/pdf', size: 100 },
          text: ['file_name', 'content_type'],
        },
        // A well-formed id of no upload: refused before and after the control characters.
        attachFile: {
          path: `/api/activities/${activityId}/files`,
          body: { upload_id: '00000000-0000-4000-8000-000000000000' },
          text: ['upload_id'],
        },
        // A well-formed id of no upload: refused before and after the control characters.
        createProposal: {
          path: '/api/proposals',
          body: { upload_id: '00000000-0000-4000-8000-000000000000' },
          text: ['upload_id'],
        },
        // A proposal that is not there: the body is checked first, so each field is named.
        // (The description's line breaks, kept, meet the 404 of the missing proposal.)
        acceptProposal: {
          path: '/api/proposals/00000000-0000-4000-8000-000000000000/accept',
          body: { ...activity, certification_id: certId },
          text: ['activity_name', 'provider', 'category'],
        },
        getReadiness: {
          path: `/api/certifications/${certId}/readiness`,
          body: {},
          text: ['cycle'],
        },
        getReport: {
          path: `/api/certifications/${certId}/report`,
          body: { format: 'csv' },
          text: ['format', 'cycle'],
        },
        updateAccountSettings: {
          path: '/api/account/settings',
          body: { reminders_enabled: true },
          text: ['locale', 'time_zone', 'holder_name'],
        },
        // Passwords are Cognito's to judge, whatever they hold: no text field of ours.
        changePassword: {
          path: '/api/account/password',
          body: { current_password: 'not the password', new_password: 'long enough' },
          text: [],
        },
        // Every sample of these carries a control character, so the account is never deleted.
        deleteAccount: { path: '/api/account', body: { email: user.email }, text: ['email'] },
        getUnsubscribe: { path: '/api/unsubscribe', body: { token: 'a.b' }, text: ['token'] },
        unsubscribe: { path: '/api/unsubscribe', body: { token: 'a.b' }, text: ['token'] },
        undoUnsubscribe: { path: '/api/unsubscribe/undo', body: { token: 'a.b' }, text: ['token'] },
        ensureUser: { path: '/api/users', body: { email: user.email }, text: ['email'] },
        submitContact: {
          path: '/beta/submit',
          body: { name: 'Sample', email: `sample${sample}@controls.example`, message: 'Hello' },
          text: ['name', 'email', 'message'],
        },
        searchCatalogue: { path: '/api/catalogue', body: { q: 'cissp' }, text: ['q'] },
        readBadge: {
          path: '/api/badges/read',
          body: { file_name: 'badge.json', content_base64: b64(JSON.stringify(ob2Assertion())) },
          text: ['file_name'],
        },
        // A control character in the file's name is refused before the file is read: nothing imported.
        previewImport: {
          path: '/api/imports/preview',
          body: { file_name: 'a.csv', content_base64: b64('Date,Title,Units\n2024-02-01,A,1\n') },
          text: ['file_name'],
        },
        importActivities: {
          path: '/api/imports',
          body: { file_name: 'a.csv', content_base64: b64('Date,Title,Units\n2024-02-01,A,1\n') },
          text: ['file_name'],
        },
      };
    }

    const withBody = (routes as readonly RouteDef[]).filter((r) => r.body || r.query);

    it('has a sample request for every route that takes a body or a query', () => {
      expect(withBody.map((r) => r.operation).sort()).toEqual(Object.keys(samples()).sort());
    });

    async function send(route: RouteDef, path: string, body: Record<string, unknown>) {
      const client = api(runtime, user.accessToken);
      if (route.query) {
        const query = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]));
        const target = `${path}?${query.toString()}`;
        return route.method === 'POST' ? client.post(target) : client.get(target);
      }
      if (route.method === 'DELETE') return client.delete(path, body);
      // A PUT of a record names the version it read (issue 25 item 6).
      if (route.operation === 'updateCertification') {
        const read = await client.get(`/api/certification/${certId}`);
        body = { ...body, version: (read.body as Array<{ version: number }>)[0]!.version };
      }
      if (route.operation === 'updateActivity') {
        const read = await client.get(`/api/activity/${activityId}`);
        body = { ...body, version: (read.body as { version: number }).version };
      }
      return route.method === 'PUT' ? client.put(path, body) : client.post(path, body);
    }

    it.each(withBody.map((r) => [r.operation, r] as const))(
      '%s refuses a control character in each single-line field (400 naming it) and keeps line breaks in multi-line ones',
      async (operation, route) => {
        for (const field of samples()[operation]!.text) {
          for (const control of ['\r\n', '\n', '\t', '\u0007', '\u001b', '\u0085', '\u2028']) {
            const { path, body } = samples()[operation]!;
            const value = field === 'email' ? `in${control}side@example.com` : `in${control}side`;
            const answer = await send(route, path, { ...body, [field]: value });
            const keepsIt =
              MULTI_LINE.has(field) && ['\r\n', '\n', '\t', '\u2028'].includes(control);
            const seen = {
              field,
              control: JSON.stringify(control),
              status: answer.status,
              errors:
                answer.status === 400
                  ? Object.keys((answer.body as { errors: object }).errors)
                  : [],
            };
            const ok = keepsIt
              ? seen.status === 200 || seen.status === 201
              : seen.status === 400 && seen.errors.length === 1 && seen.errors[0] === field;
            expect({ ...seen, keepsIt, ok }).toEqual({ ...seen, keepsIt, ok: true });
          }
        }
      },
    );
  });
});
