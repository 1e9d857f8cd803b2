/**
 * Every route of the product spec over HTTP, with real tokens from the Cognito
 * emulator, on each database backend. Asserts what the user sees, what is
 * stored, and how many Data API calls each request costs.
 */
import type { Activity, Certification } from '@cpe/shared';
import { API_MESSAGES } from '@cpe/shared/messages';
import {
  type ActivityBody,
  type CertificationBody,
  certificationOf,
  createActivity,
  createCertification,
} from '../support/api';
import { expected } from '../support/expected';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { type TestUser, api, createUser } from '../support/users';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const HAS_ACTIVITIES = API_MESSAGES.hasActivities;
const INSUFFICIENT = API_MESSAGES.insufficientCpes;

const cissp = {
  certification_name: 'CISSP',
  cpe_needed: 120,
  earned_date: '2024-01-15',
  expiry_date: '2027-01-15',
  verification_link: 'https://www.isc2.org/verify/123',
};

describe.each(backendNames())('the API on %s', (backend) => {
  let runtime: TestRuntime;
  let ada: TestUser;
  let eve: TestUser;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
    ada = await createUser(runtime);
    eve = await createUser(runtime);
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  /** Runs one request and answers it with the number of Data API calls it cost. */
  async function counted<T>(request: () => Promise<T>): Promise<[T, number]> {
    runtime.rdsData.calls.reset();
    const answer = await request();
    return [answer, runtime.rdsData.calls.total];
  }

  const as = (user: TestUser) => api(runtime, user.accessToken);
  /** The version a PUT must name: the certification's as stored now. */
  const versionOf = async (user: TestUser, id: string) =>
    (await certificationOf(as(user), id)).version;

  const createCert = (user: TestUser, body: CertificationBody = {}) =>
    createCertification(as(user), { ...cissp, user_id: user.userId, ...body });
  const addActivity = (user: TestUser, certId: string, body: ActivityBody = {}) =>
    createActivity(as(user), {
      certification_id: certId,
      activity_name: 'Conference talk',
      description: 'Zero trust in practice',
      cpe_units: 40,
      activity_date: '2024-06-01',
      ...body,
    });

  describe('certifications', () => {
    it('creates a certification in one Data API call and answers it', async () => {
      const [answer, calls] = await counted(() =>
        as(ada).post('/api/certifications', { ...cissp, user_id: ada.userId }),
      );
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        version: 1,
        certification_id: expected.stringMatching(/^[0-9a-f-]{36}$/),
        certification_name: 'CISSP',
        user_id: ada.userId,
        cpe_needed: 120,
        total_cpes_earned: 0,
        percentage_completion: 0,
        earned_date: '2024-01-15',
        expiry_date: '2027-01-15',
        verification_link: 'https://www.isc2.org/verify/123',
        // A custom certification (no catalogue_id): no unit or annual minimum, the cycle from its dates.
        catalogue_id: null,
        unit: null,
        cycle_months: 36,
        annual_minimum: null,
        member_id: null,
        certified_on: '2024-01-15',
        carried_in: 0,
        carried_category: null,
        cycle_cpes_earned: 0,
        cycle_year_cpes_earned: 0,
        calendar_year_cpes_earned: 0,
        // Where it stands by its rules (here the holder's own: a total of 120).
        standing: expected.objectContaining({
          target: 120,
          earned: 0,
          ready: false,
          cycle: { start: '2024-01-15', end: '2027-01-15', countsFrom: '2024-01-15' },
          requirements: [expect.objectContaining({ id: 'total', required: 120, met: false })],
        }),
      });
      expect(answer.body).not.toHaveProperty('standing.credits');
      expect(calls).toBe(1);
    });

    it('stores empty cpe_needed and expiry as null, and 1970-01-01 as no expiry', async () => {
      const cert = await createCert(ada, {
        certification_name: 'No target',
        cpe_needed: '',
        expiry_date: '1970-01-01',
        verification_link: '',
      });
      expect(cert).toMatchObject({
        cpe_needed: null,
        expiry_date: null,
        percentage_completion: null,
        verification_link: null,
      });
      const nulls = await createCert(ada, {
        certification_name: 'Nulls',
        cpe_needed: null,
        expiry_date: null,
      });
      expect(nulls).toMatchObject({ cpe_needed: null, expiry_date: null });
    });

    it("lists only the caller's certifications with totals from non-archived activities, in one call", async () => {
      const cert = await createCert(ada, { certification_name: 'CISM', cpe_needed: 20 });
      await addActivity(ada, cert.certification_id, { cpe_units: 12.5 });
      await addActivity(ada, cert.certification_id, { cpe_units: 2.25 });
      await createCert(eve, { certification_name: "Eve's secret" });

      const [answer, calls] = await counted(() => as(ada).get(`/api/certifications/${ada.userId}`));
      expect(answer.status).toBe(200);
      expect(calls).toBe(1);
      const list = answer.body as Certification[];
      expect(list.map((c) => c.certification_name)).not.toContain("Eve's secret");
      expect(list.find((c) => c.certification_id === cert.certification_id)).toMatchObject({
        total_cpes_earned: 14.75,
        percentage_completion: 73.75,
      });
      expect(list.every((c) => c.user_id === ada.userId)).toBe(true);
      // The same fields as the certification itself: nothing of the statement's own (its owner column).
      expect(
        list.every((c) => Object.keys(c).sort().join() === Object.keys(cert).sort().join()),
      ).toBe(true);
    });

    it('answers an empty list for a user with no certifications', async () => {
      const newcomer = await createUser(runtime);
      const answer = await as(newcomer).get(`/api/certifications/${newcomer.userId}`);
      expect(answer).toMatchObject({ status: 200, body: [] });
    });

    it("answers 404 for another user's id, a malformed id and a missing id alike", async () => {
      const answers = await Promise.all([
        as(ada).get(`/api/certifications/${eve.userId}`),
        as(ada).get('/api/certifications/not-a-uuid'),
        as(ada).get(`/api/certifications/${MISSING_ID}`),
      ]);
      for (const answer of answers)
        expect(answer).toMatchObject({ status: 404, body: { message: 'Not found' } });
    });

    it('rejects a user_id in the body that is not the caller', async () => {
      const answer = await as(ada).post('/api/certifications', { ...cissp, user_id: eve.userId });
      expect(answer.status).toBe(404);
      const eves = (await as(eve).get(`/api/certifications/${eve.userId}`)).body as Certification[];
      expect(eves.map((c) => c.certification_name)).toEqual(["Eve's secret"]);
    });

    it('answers 400 with a message per field for bad input, storing nothing', async () => {
      const before = (
        (await as(ada).get(`/api/certifications/${ada.userId}`)).body as Certification[]
      ).length;
      const answer = await as(ada).post('/api/certifications', {
        certification_name: '   ',
        earned_date: '2024-13-01',
        cpe_needed: 1.234,
        verification_link: 'ftp://example.com',
      });
      expect(answer.status).toBe(400);
      expect((answer.body as { errors: Record<string, string> }).errors).toEqual({
        certification_name: expected.stringContaining('required'),
        earned_date: expected.stringContaining('date'),
        cpe_needed: expected.stringContaining('2 decimal'),
        verification_link: expected.stringContaining('http'),
      });
      const expiryFirst = await as(ada).post('/api/certifications', {
        ...cissp,
        expiry_date: '2020-01-01',
      });
      expect(expiryFirst).toMatchObject({
        status: 400,
        body: { errors: { expiry_date: 'must not be before earned_date' } },
      });
      const after = (
        (await as(ada).get(`/api/certifications/${ada.userId}`)).body as Certification[]
      ).length;
      expect(after).toBe(before);
    });

    it('answers the links issue 9 found 201 or 400 naming verification_link, on create and update, never 500', async () => {
      const cert = await createCert(ada);
      for (const link of ['HTTPS://EXAMPLE.COM', 'Http://x.y']) {
        const created = await as(ada).post('/api/certifications', {
          ...cissp,
          verification_link: link,
        });
        expect(created).toMatchObject({ status: 201, body: { verification_link: link } });
        const updated = await as(ada).put(`/api/certifications/${cert.certification_id}`, {
          ...cissp,
          verification_link: link,
          version: await versionOf(ada, cert.certification_id),
        });
        expect(updated).toMatchObject({ status: 200, body: { verification_link: link } });
      }
      for (const link of [
        'http:evil.example',
        'https:/x.y',
        'h\ttps://x.y',
        'ht\ttps://x.y',
        'https:\\x.y',
      ]) {
        for (const answer of [
          await as(ada).post('/api/certifications', { ...cissp, verification_link: link }),
          await as(ada).put(`/api/certifications/${cert.certification_id}`, {
            ...cissp,
            verification_link: link,
            version: await versionOf(ada, cert.certification_id),
          }),
        ]) {
          expect({
            link,
            status: answer.status,
            fields: Object.keys((answer.body as { errors: object }).errors),
          }).toEqual({
            link,
            status: 400,
            fields: ['verification_link'],
          });
        }
      }
    });

    it('refuses a line break in a certification or activity name, naming the field (issue 9 item 5)', async () => {
      const created = await as(ada).post('/api/certifications', {
        ...cissp,
        certification_name: 'CISSP\r\nX',
      });
      expect(created).toMatchObject({
        status: 400,
        body: { errors: { certification_name: expected.any(String) } },
      });
      const cert = await createCert(ada);
      const activity = await as(ada).post('/api/activities', {
        certification_id: cert.certification_id,
        activity_name: 'Talk\nX',
        description: 'Line one\r\nline two\tand a tab',
        activity_date: '2024-06-01',
      });
      expect(activity).toMatchObject({
        status: 400,
        body: { errors: { activity_name: expected.any(String) } },
      });
      const kept = await addActivity(ada, cert.certification_id, {
        description: 'Line one\r\nline two\tand a tab',
      });
      expect(kept.description).toBe('Line one\r\nline two\tand a tab');
    });

    it('updates a certification in one call; GET /api/certification answers a list with it first', async () => {
      const cert = await createCert(ada);
      const [updated, calls] = await counted(() =>
        as(ada).put(`/api/certifications/${cert.certification_id}`, {
          certification_name: 'CISSP (renamed)',
          earned_date: '2024-02-01',
          expiry_date: '',
          cpe_needed: '90',
          verification_link: null,
          version: cert.version,
        }),
      );
      expect(calls).toBe(1);
      expect(updated).toMatchObject({
        status: 200,
        body: {
          certification_name: 'CISSP (renamed)',
          expiry_date: null,
          cpe_needed: 90,
          verification_link: null,
        },
      });
      const [one, oneCalls] = await counted(() =>
        as(ada).get(`/api/certification/${cert.certification_id}`),
      );
      expect(oneCalls).toBe(1);
      expect(one.status).toBe(200);
      expect((one.body as Certification[])[0]).toMatchObject({
        certification_id: cert.certification_id,
        user_id: ada.userId,
      });

      const foreign = await as(eve).put(`/api/certifications/${cert.certification_id}`, {
        ...cissp,
        certification_name: 'pwned',
        version: 2,
      });
      expect(foreign.status).toBe(404);
      expect((await as(eve).get(`/api/certification/${cert.certification_id}`)).status).toBe(404);
      const still = (await as(ada).get(`/api/certification/${cert.certification_id}`))
        .body as Certification[];
      expect(still[0]?.certification_name).toBe('CISSP (renamed)');
    });

    it('refuses to delete a certification with activities (409, the spec message), then deletes it', async () => {
      const cert = await createCert(ada);
      const activity = await addActivity(ada, cert.certification_id);

      const [refused, calls] = await counted(() =>
        as(ada).delete(`/api/certifications/${cert.certification_id}`),
      );
      expect(calls).toBe(1);
      expect(refused).toMatchObject({ status: 409, body: { message: HAS_ACTIVITIES } });

      expect((await as(eve).delete(`/api/activities/${activity.activity_id}`)).status).toBe(404);
      expect((await as(ada).delete(`/api/activities/${activity.activity_id}`)).status).toBe(204);
      expect((await as(eve).delete(`/api/certifications/${cert.certification_id}`)).status).toBe(
        404,
      );
      const [deleted, deleteCalls] = await counted(() =>
        as(ada).delete(`/api/certifications/${cert.certification_id}`),
      );
      expect(deleted.status).toBe(204);
      expect(deleteCalls).toBe(1);
      expect((await as(ada).get(`/api/certification/${cert.certification_id}`)).status).toBe(404);
      expect((await as(ada).delete(`/api/certifications/${cert.certification_id}`)).status).toBe(
        404,
      );
    });
  });

  describe('activities', () => {
    it('records, reads, updates and deletes an activity, one Data API call each', async () => {
      const cert = await createCert(ada);
      const [created, createCalls] = await counted(() =>
        as(ada).post('/api/activities', {
          certification_id: cert.certification_id,
          activity_name: "O'Reilly course; DROP TABLE activities;--",
          description: 'Robert"); select pg_sleep(1); -- :sub ::uuid',
          cpe_units: '',
          activity_date: '2024-03-01',
        }),
      );
      expect(createCalls).toBe(1);
      expect(created.status).toBe(201);
      const activity = created.body as Activity;
      expect(activity).toEqual({
        version: 1,
        activity_id: expected.any(String),
        certification_id: cert.certification_id,
        activity_name: "O'Reilly course; DROP TABLE activities;--",
        description: 'Robert"); select pg_sleep(1); -- :sub ::uuid',
        cpe_units: 0,
        activity_date: '2024-03-01',
        is_archived: false,
        provider: null,
        category: null,
        credits: [
          {
            certification_id: cert.certification_id,
            cpe_units: 0,
            submitted_on: null,
            is_archived: false,
            late_for_cycle: null,
            category: null,
          },
        ],
        files: [],
        has_proof: false,
      });

      const [one, getCalls] = await counted(() =>
        as(ada).get(`/api/activity/${activity.activity_id}`),
      );
      expect(getCalls).toBe(1);
      expect(one.body).toEqual({ ...activity, user_id: ada.userId });

      const [updated, updateCalls] = await counted(() =>
        as(ada).put(`/api/activities/${activity.activity_id}`, {
          ...activity,
          activity_name: 'Course',
          cpe_units: 7.5,
          user_id: eve.userId,
          certification_id: MISSING_ID,
        }),
      );
      expect(updateCalls).toBe(1);
      expect(updated).toMatchObject({
        status: 200,
        body: { activity_name: 'Course', cpe_units: 7.5, certification_id: cert.certification_id },
      });

      const [list, listCalls] = await counted(() =>
        as(ada).get(`/api/activities/${cert.certification_id}`),
      );
      expect(listCalls).toBe(1);
      expect(list.body).toEqual([
        expect.objectContaining({ activity_id: activity.activity_id, cpe_units: 7.5 }),
      ]);

      const [deleted, deleteCalls] = await counted(() =>
        as(ada).delete(`/api/activities/${activity.activity_id}`),
      );
      expect(deleteCalls).toBe(1);
      expect(deleted.status).toBe(204);
      expect((await as(ada).get(`/api/activities/${cert.certification_id}`)).body).toEqual([]);
      expect((await as(ada).get(`/api/activity/${activity.activity_id}`)).status).toBe(404);
    });

    it("answers 404 for another user's certification or activity and stores nothing", async () => {
      const cert = await createCert(ada);
      const activity = await addActivity(ada, cert.certification_id);
      const eveApi = as(eve);
      const answers = await Promise.all([
        eveApi.get(`/api/activities/${cert.certification_id}`),
        eveApi.post('/api/activities', {
          certification_id: cert.certification_id,
          activity_name: 'x',
          activity_date: '2024-01-01',
        }),
        eveApi.post('/api/activities', {
          certification_id: 'nope',
          activity_name: 'x',
          activity_date: '2024-01-01',
        }),
        eveApi.get(`/api/activity/${activity.activity_id}`),
        eveApi.put(`/api/activities/${activity.activity_id}`, {
          activity_name: 'x',
          activity_date: '2024-01-01',
          version: activity.version,
        }),
        eveApi.delete(`/api/activities/${activity.activity_id}`),
        eveApi.get(`/api/activities/${MISSING_ID}`),
      ]);
      for (const answer of answers) expect(answer.status).toBe(404);
      expect((await as(ada).get(`/api/activities/${cert.certification_id}`)).body).toEqual([
        activity,
      ]);
    });

    it('validates activities: required name and date, units, far-future dates', async () => {
      const cert = await createCert(ada);
      const answer = await as(ada).post('/api/activities', {
        certification_id: cert.certification_id,
        activity_name: '',
        cpe_units: -3,
        activity_date: '2999-01-01',
      });
      expect(answer.status).toBe(400);
      expect(Object.keys((answer.body as { errors: object }).errors).sort()).toEqual([
        'activity_date',
        'activity_name',
        'cpe_units',
      ]);
      expect((await as(ada).get(`/api/activities/${cert.certification_id}`)).body).toEqual([]);
    });
  });

  describe('renewal', () => {
    it('refuses while earned < needed with the spec message, changing nothing', async () => {
      const cert = await createCert(ada, { cpe_needed: 50 });
      await addActivity(ada, cert.certification_id, { cpe_units: 49.99 });
      const [answer, calls] = await counted(() =>
        as(ada).put(`/api/renewCertification/${cert.certification_id}`),
      );
      expect(calls).toBe(1);
      expect(answer).toMatchObject({ status: 409, body: { message: INSUFFICIENT } });
      const after = (
        (await as(ada).get(`/api/certification/${cert.certification_id}`)).body as Certification[]
      )[0];
      expect(after).toMatchObject({ earned_date: cissp.earned_date, total_cpes_earned: 49.99 });
    });

    it('archives the cycle and starts the next the day after it, answering 0 %, in a read and a write', async () => {
      const cert = await createCert(ada, {
        cpe_needed: 40,
        earned_date: '2023-01-01',
        expiry_date: '2026-01-01',
      });
      await addActivity(ada, cert.certification_id, { cpe_units: 30 });
      await addActivity(ada, cert.certification_id, { cpe_units: 15 });

      const [answer, calls] = await counted(() =>
        as(ada).put(`/api/renewCertification/${cert.certification_id}`),
      );
      expect(calls).toBe(2);
      expect(answer.status).toBe(200);
      // A day belongs to one cycle: the next starts the day after the old one ends.
      expect(answer.body).toEqual({
        ...cert,
        // A renewal is a write of the certification: another version.
        version: cert.version + 1,
        earned_date: '2026-01-02',
        expiry_date: '2029-01-01',
        total_cpes_earned: 0,
        percentage_completion: 0,
        standing: expected.objectContaining({ earned: 0, target: 40 }),
      });
      const activities = (await as(ada).get(`/api/activities/${cert.certification_id}`))
        .body as Activity[];
      expect(activities).toHaveLength(2);
      expect(activities.every((a) => a.is_archived)).toBe(true);
      const listed = (
        (await as(ada).get(`/api/certifications/${ada.userId}`)).body as Certification[]
      ).find((c) => c.certification_id === cert.certification_id);
      expect(listed).toMatchObject({
        total_cpes_earned: 0,
        percentage_completion: 0,
        earned_date: '2026-01-02',
        certified_on: '2023-01-01',
      });
    });

    it('a concurrent double renew renews once', async () => {
      const cert = await createCert(ada, {
        cpe_needed: 10,
        earned_date: '2020-01-01',
        expiry_date: '2021-01-01',
      });
      await addActivity(ada, cert.certification_id, { cpe_units: 10, activity_date: '2020-06-01' });

      const answers = await Promise.all([
        as(ada).put(`/api/renewCertification/${cert.certification_id}`),
        as(ada).put(`/api/renewCertification/${cert.certification_id}`),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const after = (
        (await as(ada).get(`/api/certification/${cert.certification_id}`)).body as Certification[]
      )[0];
      expect(after).toMatchObject({ earned_date: '2021-01-02', expiry_date: '2022-01-01' });
    });

    it('renews in a read and a write when the body names the cycle, and answers a second call 409 already renewed', async () => {
      const cert = await createCert(ada, {
        cpe_needed: null,
        earned_date: '2020-03-01',
        expiry_date: '2023-03-01',
      });
      const [answer, calls] = await counted(() =>
        as(ada).put(`/api/renewCertification/${cert.certification_id}`, {
          expiry_date: '2023-03-01',
        }),
      );
      expect(calls).toBe(2);
      expect(answer).toMatchObject({
        status: 200,
        body: { earned_date: '2023-03-02', expiry_date: '2026-03-01' },
      });
      const [again, againCalls] = await counted(() =>
        as(ada).put(`/api/renewCertification/${cert.certification_id}`, {
          expiry_date: '2023-03-01',
        }),
      );
      expect(againCalls).toBe(1);
      expect(again).toMatchObject({
        status: 409,
        body: { message: 'This certification has already been renewed.' },
      });
    });

    it('renews a certification without expiry whose target is met from tomorrow, and refuses one with neither', async () => {
      const cert = await createCert(ada, { cpe_needed: 5, expiry_date: null });
      await addActivity(ada, cert.certification_id, { cpe_units: 5 });
      const answer = await as(ada).put(`/api/renewCertification/${cert.certification_id}`);
      expect(answer.status).toBe(200);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect(answer.body).toMatchObject({ earned_date: tomorrow, expiry_date: null });
      // Another tab, naming the cycle it showed, hears it was renewed, not that the new one is short.
      const again = await as(ada).put(`/api/renewCertification/${cert.certification_id}`, {
        expiry_date: null,
      });
      expect(again).toMatchObject({
        status: 409,
        body: { message: API_MESSAGES.alreadyRenewed },
      });

      const nothing = await createCert(ada, { cpe_needed: null, expiry_date: null });
      const refused = await as(ada).put(`/api/renewCertification/${nothing.certification_id}`);
      expect(refused).toMatchObject({
        status: 409,
        body: { message: API_MESSAGES.nothingToRenew, unmet: [] },
      });
      expect(
        (
          (await as(ada).get(`/api/certification/${nothing.certification_id}`))
            .body as Certification[]
        )[0],
      ).toMatchObject({
        earned_date: nothing.earned_date,
      });
      expect((await as(eve).put(`/api/renewCertification/${cert.certification_id}`)).status).toBe(
        404,
      );
    });
  });

  describe('contact', () => {
    it('stores the message and notifies the owner, without a token', async () => {
      const [answer, calls] = await counted(() =>
        api(runtime).post('/beta/submit', {
          name: 'Visitor',
          email: 'visitor@example.com',
          message: 'Hello <b>there</b>',
        }),
      );
      expect(answer).toMatchObject({
        status: 200,
        body: { message: API_MESSAGES.contactSent },
      });
      expect(calls).toBe(1);
      const mail = runtime.outbox.list()[0];
      expect(mail).toMatchObject({
        to: 'owner@cpetracker.local',
        subject: 'CPE Tracker contact: Visitor',
      });
      expect(mail?.text).toContain('Hello <b>there</b>');
      expect(mail?.text).toContain('visitor@example.com');
    });

    it('answers 400 naming each missing field', async () => {
      const answer = await api(runtime).post('/beta/submit', { name: '', email: 'nope' });
      expect(answer.status).toBe(400);
      expect(Object.keys((answer.body as { errors: object }).errors).sort()).toEqual([
        'email',
        'message',
        'name',
      ]);
    });

    it('rate-limits one address so it cannot flood the owner', async () => {
      const body = { name: 'Flood', email: 'flood@example.com', message: 'again' };
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await api(runtime).post('/beta/submit', body)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const floodMails = runtime.outbox.list().filter((m) => m.text.includes('flood@example.com'));
      expect(floodMails).toHaveLength(5);
      const other = await api(runtime).post('/beta/submit', { ...body, email: 'calm@example.com' });
      expect(other.status).toBe(200);
    });
  });
});
