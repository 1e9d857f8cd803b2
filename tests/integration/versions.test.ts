/**
 * Issue 25 item 6, "writes that know what they overwrite", through the real
 * HTTP API on each backend: certifications and activities carry a version,
 * a PUT names the version it read (400 without one, 409 with the current
 * record when it is stale), renewals and submissions move versions on,
 * concurrent calendar rotations leave one winner, and a credit cannot
 * exceed its activity's units. On PostgreSQL, writes meeting another
 * transaction on the same rows wait for it and then answer as they would
 * after it: an activity saved to a certification deleted meanwhile 404 (or
 * 400 on the credit naming it), a second attach of one upload 400, and an
 * activity deleted while a file is attached takes that file's object too.
 */
import { randomUUID } from 'node:crypto';
import { createS3Storage } from '@cpe/api/aws/s3';
import { updateActivity } from '@cpe/api/data/activities';
import { deleteCertification } from '@cpe/api/data/certifications';
import { attachFile, fileKey } from '@cpe/api/data/files';
import type { Queryable } from '@cpe/api/db';
import { LOCAL_EVIDENCE_BUCKET, systemClock } from '@cpe/local';
import type {
  Activity,
  ActivityWithOwner,
  CalendarFeed,
  Certification,
  ProofFile,
} from '@cpe/shared';
import { addDaysIso } from '@cpe/shared/dates';
import { dict } from '@cpe/shared/dict';
import { API_MESSAGES } from '@cpe/shared/messages';
import { decodeJwt } from 'jose';
import {
  type ActivityBody,
  type CertificationBody,
  certificationOf,
  createActivity,
  createCertification,
  declareUpload,
  uploadFile,
} from '../support/api';
import { sql } from '../support/data-api';
import { expected } from '../support/expected';
import { awsFor, handlerDeps } from '../support/handler-deps';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { type TestUser, api, createUser } from '../support/users';

const CERT = {
  certification_name: 'CISSP',
  cpe_needed: 4,
  earned_date: '2024-01-15',
  expiry_date: '2025-01-14',
  verification_link: null,
};
const ACTIVITY = { activity_name: 'Seminar', cpe_units: 2, activity_date: '2024-06-01' };
const PDF = Buffer.from('%PDF-1.4\n% proof of attendance\n%%EOF\n', 'latin1');

describe.each(backendNames())('versioned writes on %s', (backend) => {
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

  const createCert = (body: CertificationBody = {}) =>
    createCertification(as(), { ...CERT, ...body });
  const getCert = (id: string) => certificationOf(as(), id);
  async function addActivity(certId: string, body: ActivityBody = {}) {
    const answer = await as().post('/api/activities', {
      certification_id: certId,
      activity_name: 'Seminar',
      cpe_units: 4,
      activity_date: '2024-06-01',
      ...body,
    });
    return answer;
  }
  async function getActivity(id: string): Promise<Activity> {
    return (await as().get(`/api/activity/${id}`)).body as Activity;
  }

  it('a certification carries its version; a PUT of a stale one answers 409 with the current record', async () => {
    const cert = await createCert();
    expect(cert.version).toBe(1);
    const first = await as().put(`/api/certifications/${cert.certification_id}`, {
      ...CERT,
      certification_name: 'CISSP (window one)',
      version: 1,
    });
    expect(first).toMatchObject({ status: 200, body: { version: 2 } });

    // The second window still holds version 1.
    const stale = await as().put(`/api/certifications/${cert.certification_id}`, {
      ...CERT,
      certification_name: 'CISSP (window two)',
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: API_MESSAGES.staleVersion,
      current: await getCert(cert.certification_id),
    });
    expect(stale.body).toMatchObject({
      current: { certification_name: 'CISSP (window one)', version: 2 },
    });
    expect(await getCert(cert.certification_id)).toMatchObject({
      certification_name: 'CISSP (window one)',
      version: 2,
    });

    // Overwrite: the same draft with the current version.
    const overwrite = await as().put(`/api/certifications/${cert.certification_id}`, {
      ...CERT,
      certification_name: 'CISSP (window two)',
      version: 2,
    });
    expect(overwrite).toMatchObject({
      status: 200,
      body: { certification_name: 'CISSP (window two)', version: 3 },
    });
  });

  it('refuses a PUT without a version, 400 naming the field, and stores nothing', async () => {
    const cert = await createCert();
    for (const version of [undefined, null, '1', 0, 1.5]) {
      const answer = await as().put(`/api/certifications/${cert.certification_id}`, {
        ...CERT,
        certification_name: 'changed',
        version,
      });
      expect(answer.status).toBe(400);
      expect(Object.keys((answer.body as { errors: object }).errors)).toEqual(['version']);
    }
    const missing = await as().put(`/api/certifications/${cert.certification_id}`, CERT);
    expect(missing.body).toMatchObject({ errors: { version: API_MESSAGES.versionRequired } });
    const activity = (await addActivity(cert.certification_id)).body as Activity;
    const noVersion = await as().put(`/api/activities/${activity.activity_id}`, {
      activity_name: 'changed',
      cpe_units: 4,
      activity_date: '2024-06-01',
    });
    expect(noVersion).toMatchObject({
      status: 400,
      body: { errors: { version: API_MESSAGES.versionRequired } },
    });
    expect(await getCert(cert.certification_id)).toMatchObject({
      certification_name: 'CISSP',
      version: 1,
    });
    expect(await getActivity(activity.activity_id)).toMatchObject({
      activity_name: 'Seminar',
      version: 1,
    });
  });

  it('refuses a version beyond what the database stores, 400 naming version, and stores nothing', async () => {
    const cert = await createCert();
    const activity = (await addActivity(cert.certification_id)).body as Activity;
    for (const version of [2_147_483_648, 1_099_511_627_776]) {
      const certAnswer = await as().put(`/api/certifications/${cert.certification_id}`, {
        ...CERT,
        certification_name: 'changed',
        version,
      });
      expect(certAnswer).toMatchObject({
        status: 400,
        body: { errors: { version: 'must be at most 2147483647' } },
      });
      const activityAnswer = await as().put(`/api/activities/${activity.activity_id}`, {
        activity_name: 'changed',
        cpe_units: 4,
        activity_date: '2024-06-01',
        version,
      });
      expect(activityAnswer).toMatchObject({
        status: 400,
        body: { errors: { version: 'must be at most 2147483647' } },
      });
    }
    expect(await getCert(cert.certification_id)).toMatchObject({
      certification_name: 'CISSP',
      version: 1,
    });
    expect(await getActivity(activity.activity_id)).toMatchObject({
      activity_name: 'Seminar',
      version: 1,
    });
  });

  it('a renewal moves the version on, so a PUT read before it cannot revert the renewed expiry', async () => {
    const cert = await createCert();
    const activity = (await addActivity(cert.certification_id)).body as Activity;
    const read = await getCert(cert.certification_id);
    const renewed = await as().put(`/api/renewCertification/${cert.certification_id}`, {
      expiry_date: CERT.expiry_date,
    });
    expect(renewed.status).toBe(200);
    const after = renewed.body as Certification;
    expect(after.version).toBe(read.version + 1);
    expect(after.expiry_date).not.toBe(CERT.expiry_date);
    // The renewal archived the activity: another version of it too.
    expect(await getActivity(activity.activity_id)).toMatchObject({
      is_archived: true,
      version: activity.version + 1,
    });

    const stale = await as().put(`/api/certifications/${cert.certification_id}`, {
      ...CERT,
      version: read.version,
    });
    expect(stale).toMatchObject({
      status: 409,
      body: { current: { expiry_date: after.expiry_date, version: after.version } },
    });
    expect((await getCert(cert.certification_id)).expiry_date).toBe(after.expiry_date);
  });

  it("keeps a renewed certification's start the day after the cycle before it", async () => {
    const cert = await createCert();
    expect((await addActivity(cert.certification_id)).status).toBe(201);
    const renewed = await as().put(`/api/renewCertification/${cert.certification_id}`, {
      expiry_date: CERT.expiry_date,
    });
    expect(renewed.status).toBe(200);
    const after = renewed.body as Certification;
    const { version, earned_date, expiry_date } = after;
    const body = { ...CERT, earned_date, expiry_date, version };
    const message = API_MESSAGES.renewedStartFixed(earned_date);
    // A month later or earlier would leave days in no cycle, or in two.
    for (const moved of [addDaysIso(earned_date, 31), addDaysIso(earned_date, -31)]) {
      const answer = await as().put(`/api/certifications/${cert.certification_id}`, {
        ...body,
        earned_date: moved,
      });
      expect(answer).toMatchObject({ status: 400, body: { errors: { earned_date: message } } });
    }
    expect(await getCert(cert.certification_id)).toMatchObject({ earned_date, version });
    // Every other field still changes.
    const renamed = await as().put(`/api/certifications/${cert.certification_id}`, {
      ...body,
      certification_name: 'CISSP (renewed)',
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: { certification_name: 'CISSP (renewed)', earned_date, version: version + 1 },
    });
  });

  it('an activity carries its version; stale PUTs answer 409 with the current activity; a deleted one 404', async () => {
    const cert = await createCert();
    const created = (await addActivity(cert.certification_id)).body as Activity;
    expect(created.version).toBe(1);
    const listed = (await as().get(`/api/activities/${cert.certification_id}`)).body as Activity[];
    expect(listed[0]).toMatchObject({ activity_id: created.activity_id, version: 1 });

    const put = (name: string, version: number) =>
      as().put(`/api/activities/${created.activity_id}`, {
        activity_name: name,
        cpe_units: 4,
        activity_date: '2024-06-01',
        version,
      });
    expect(await put('Window one', 1)).toMatchObject({
      status: 200,
      body: { activity_name: 'Window one', version: 2 },
    });
    const stale = await put('Window two', 1);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: API_MESSAGES.staleVersion,
      current: expected.objectContaining({ activity_name: 'Window one', version: 2 }),
    });
    const { user_id: _, ...current } = (await as().get(`/api/activity/${created.activity_id}`))
      .body as ActivityWithOwner;
    expect((stale.body as { current: unknown }).current).toEqual(current);

    // A submission date is a write of the activity too.
    const submitted = await as().put(`/api/activities/${created.activity_id}/submissions`, {
      certification_id: cert.certification_id,
      submitted_on: '2024-07-01',
    });
    expect(submitted).toMatchObject({ status: 200, body: { version: 3 } });
    expect((await put('Window one again', 2)).status).toBe(409);
    expect((await getActivity(created.activity_id)).credits[0]?.submitted_on).toBe('2024-07-01');

    // Deleted in another window: 404, whatever the version.
    expect((await as().delete(`/api/activities/${created.activity_id}`)).status).toBe(204);
    expect((await put('Too late', 3)).status).toBe(404);
  });

  it("refuses a credit above its activity's units, naming the field", async () => {
    const cissp = await createCert();
    const cism = await createCert({ certification_name: 'CISM' });
    const over = await addActivity(cissp.certification_id, {
      cpe_units: 1,
      credits: [{ certification_id: cism.certification_id, cpe_units: 50000 }],
    });
    expect(over).toMatchObject({
      status: 400,
      body: { errors: { 'credits.0.cpe_units': API_MESSAGES.creditOverUnits } },
    });
    expect((await as().get(`/api/activities/${cism.certification_id}`)).body).toEqual([]);

    const fits = await addActivity(cissp.certification_id, {
      cpe_units: 1,
      credits: [{ certification_id: cism.certification_id, cpe_units: 1 }],
    });
    expect(fits.status).toBe(201);
    const activity = fits.body as Activity;
    const raised = await as().put(`/api/activities/${activity.activity_id}`, {
      activity_name: 'Seminar',
      cpe_units: 1,
      activity_date: '2024-06-01',
      credits: [{ certification_id: cism.certification_id, cpe_units: 1.5 }],
      version: activity.version,
    });
    expect(raised).toMatchObject({
      status: 400,
      body: { errors: { 'credits.0.cpe_units': API_MESSAGES.creditOverUnits } },
    });
    expect((await getActivity(activity.activity_id)).credits[1]).toMatchObject({ cpe_units: 1 });
  });

  it('bounds a credit by its activity only in the same unit', async () => {
    const cissp = await createCert();
    const iacet = await createCert({ certification_name: 'Nursing', unit: 'CEU' });
    // A 10-hour course: 10 CPEs, and 1 CEU for a body counting ten hours to the CEU.
    const course = await addActivity(iacet.certification_id, {
      cpe_units: 1,
      credits: [{ certification_id: cissp.certification_id, cpe_units: 10 }],
    });
    expect(course.status).toBe(201);
    const stored = course.body as Activity;
    expect(stored.credits.map((c) => c.cpe_units).sort((a, b) => a - b)).toEqual([1, 10]);

    const cism = await createCert({ certification_name: 'CISM' });
    const raised = await as().put(`/api/activities/${stored.activity_id}`, {
      activity_name: 'Seminar',
      cpe_units: 1,
      activity_date: '2024-06-01',
      credits: [
        { certification_id: cissp.certification_id, cpe_units: 10 },
        { certification_id: cism.certification_id, cpe_units: 10 },
      ],
      version: stored.version,
    });
    expect(raised.status).toBe(200);
    // Between two certifications of one unit the bound holds.
    const same = await addActivity(cissp.certification_id, {
      cpe_units: 1,
      credits: [{ certification_id: cism.certification_id, cpe_units: 10 }],
    });
    expect(same).toMatchObject({
      status: 400,
      body: { errors: { 'credits.0.cpe_units': API_MESSAGES.creditOverUnits } },
    });
  });

  it('lowers a kept credit to the new units in the same unit when a save leaves the credits out', async () => {
    const cissp = await createCert();
    const cism = await createCert({ certification_name: 'CISM' });
    const nursing = await createCert({ certification_name: 'Nursing', unit: 'CEU' });
    const created = await addActivity(cissp.certification_id, {
      cpe_units: 50,
      credits: [
        { certification_id: cism.certification_id, cpe_units: 50 },
        { certification_id: nursing.certification_id, cpe_units: 5 },
      ],
    });
    expect(created.status).toBe(201);
    const activity = created.body as Activity;

    const lowered = await as().put(`/api/activities/${activity.activity_id}`, {
      activity_name: 'Seminar',
      cpe_units: 1,
      activity_date: '2024-06-01',
      version: activity.version,
    });

    expect(lowered.status).toBe(200);
    const unitsFor = (a: Activity) =>
      Object.fromEntries(a.credits.map((c) => [c.certification_id, c.cpe_units]));
    const expectedUnits = {
      [cissp.certification_id]: 1,
      [cism.certification_id]: 1,
      // 5 CEU of a course that was 50 hours: another unit, not bounded by the CPEs.
      [nursing.certification_id]: 5,
    };
    expect(unitsFor(lowered.body as Activity)).toEqual(expectedUnits);
    expect(unitsFor(await getActivity(activity.activity_id))).toEqual(expectedUnits);
    expect(await getCert(cism.certification_id)).toMatchObject({ total_cpes_earned: 1 });
  });

  it('of ten concurrent calendar rotations naming the same address one wins and the others answer 409', async () => {
    const user = await createUser(runtime);
    const as = api(runtime, user.accessToken);
    const enabled = await as.post('/api/account/calendar');
    expect(enabled.status).toBe(201);
    const rotate = (createdAt: string) =>
      fetch(`${runtime.url}/api/account/calendar`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${user.accessToken}`, 'if-match': `"${createdAt}"` },
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));
    const first = (enabled.body as CalendarFeed).created_at;
    const answers = await Promise.all(Array.from({ length: 10 }, () => rotate(first)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    const lost = answers.filter((a) => a.status === 409);
    expect(lost).toHaveLength(9);
    for (const answer of lost)
      expect(answer.body).toEqual({ message: API_MESSAGES.calendarFeedChanged });
    const winner = won[0]!.body as CalendarFeed;
    expect(winner.created_at > first).toBe(true);
    expect((await fetch(`${runtime.url}${winner.path}`)).status).toBe(200);
    // The settings name the address that works.
    expect((await as.get('/api/account/settings')).body).toMatchObject({
      calendar_feed: { created_at: winner.created_at },
    });

    // Naming the address as it is now replaces it, at once, however soon.
    const next = await rotate(winner.created_at);
    expect(next.status).toBe(200);
    expect((await fetch(`${runtime.url}${winner.path}`)).status).toBe(404);
    expect((await fetch(`${runtime.url}${(next.body as CalendarFeed).path}`)).status).toBe(200);
    // An address that is gone: 409, and the current one keeps working.
    expect((await rotate(first)).status).toBe(409);
    expect((await fetch(`${runtime.url}${(next.body as CalendarFeed).path}`)).status).toBe(200);
  });

  // PGlite runs one session: a second writer there only ever starts after the first has ended.
  if (backend === 'postgres') {
    /**
     * Writes meeting another transaction on the same rows, with two
     * connections: the first writer's statement (the api's own data
     * function) runs in a transaction held open, the second goes through
     * the HTTP API, and once PostgreSQL reports a statement waiting for a
     * lock the first commits; what the second answers and what is stored
     * are then asserted.
     */
    describe('meeting a concurrent transaction', () => {
      let sub: string;
      beforeAll(() => {
        sub = String(decodeJwt(ada.accessToken).sub);
      });

      const storage = () => createS3Storage(awsFor(runtime), LOCAL_EVIDENCE_BUCKET);

      /**
       * Runs `first` in a transaction of its own and keeps it open: answers what
       * it answered, and `commit()` to end it (resolving once committed).
       */
      async function holdOpen<T>(first: (tx: Queryable) => Promise<T>) {
        const db = handlerDeps(runtime, { clock: systemClock }).db;
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let answered!: (value: T) => void;
        const answer = new Promise<T>((resolve) => (answered = resolve));
        const done = db.transaction(async (tx) => {
          answered(await first(tx));
          await released;
        });
        // A first statement that fails ends the transaction: answer that failure instead.
        const value = await Promise.race([answer, done.then(() => answer)]);
        return {
          value,
          commit: async () => {
            release();
            await done;
          },
        };
      }

      /** Whether a statement of this suite's database waits for a lock. */
      async function aStatementWaitsForALock(): Promise<boolean> {
        const [row] = await sql(
          runtime,
          `select count(*) as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return Number(row?.n) > 0;
      }

      /**
       * Starts `second` while the first writer's transaction holds its rows,
       * waits until it waits for them, then commits the first.
       */
      async function whileHeld<T>(
        held: { commit(): Promise<void> },
        second: () => Promise<T>,
      ): Promise<T> {
        let settled = false;
        const answer = second().finally(() => (settled = true));
        try {
          while (!(await aStatementWaitsForALock())) {
            if (settled)
              throw new Error('the second writer answered without waiting for the first');
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        } finally {
          await held.commit();
        }
        return answer;
      }

      /** How many activity rows name the certification, whatever the API would answer. */
      async function activitiesStoredFor(certificationId: string): Promise<number> {
        const [row] = await sql(
          runtime,
          'select count(*) as n from activities where certification_id = cast(:id as uuid)',
          { id: certificationId },
        );
        return Number(row?.n);
      }

      /** The upload's bytes where the files handler copies them, and attachFile of it held open. */
      async function attachHeldOpen(activityId: string, uploadId: string) {
        const key = fileKey(sub, uploadId, randomUUID());
        await storage().put(key, PDF, 'application/pdf');
        const attaching = await holdOpen((tx) =>
          attachFile(
            tx,
            sub,
            activityId,
            uploadId,
            { size: PDF.byteLength, contentType: 'application/pdf', contentOk: true, key },
            10,
            new Date().toISOString(),
          ),
        );
        expect(attaching.value.kind).toBe('attached');
        return { attaching, key };
      }

      it('an activity saved to a certification deleted meanwhile answers 404 and stores nothing', async () => {
        const doomed = await createCertification(as(), CERT);
        const deleting = await holdOpen((tx) =>
          deleteCertification(tx, sub, doomed.certification_id),
        );
        expect(deleting.value).toBe('deleted');

        const saved = await whileHeld(deleting, () =>
          as().post('/api/activities', { ...ACTIVITY, certification_id: doomed.certification_id }),
        );

        expect(saved.status).toBe(404);
        expect(await activitiesStoredFor(doomed.certification_id)).toBe(0);
      });

      it('an activity credited to a certification deleted meanwhile answers 400 on that credit', async () => {
        const kept = await createCertification(as(), CERT);
        const doomed = await createCertification(as(), { ...CERT, certification_name: 'CISM' });
        const deleting = await holdOpen((tx) =>
          deleteCertification(tx, sub, doomed.certification_id),
        );

        const saved = await whileHeld(deleting, () =>
          as().post('/api/activities', {
            ...ACTIVITY,
            certification_id: kept.certification_id,
            credits: [{ certification_id: doomed.certification_id, cpe_units: 1 }],
          }),
        );

        expect(saved).toMatchObject({
          status: 400,
          body: { errors: { 'credits.0.certification_id': API_MESSAGES.creditNotYours } },
        });
        expect((await as().get(`/api/activities/${kept.certification_id}`)).body).toEqual([]);
      });

      it('an activity updated with a credit to a certification deleted meanwhile answers 400 on that credit', async () => {
        const kept = await createCertification(as(), CERT);
        const doomed = await createCertification(as(), { ...CERT, certification_name: 'CISA' });
        const activity = await createActivity(as(), {
          ...ACTIVITY,
          certification_id: kept.certification_id,
        });
        const deleting = await holdOpen((tx) =>
          deleteCertification(tx, sub, doomed.certification_id),
        );

        const saved = await whileHeld(deleting, () =>
          as().put(`/api/activities/${activity.activity_id}`, {
            ...ACTIVITY,
            activity_name: 'Changed',
            credits: [{ certification_id: doomed.certification_id, cpe_units: 1 }],
            version: activity.version,
          }),
        );

        expect(saved).toMatchObject({
          status: 400,
          body: { errors: { 'credits.0.certification_id': API_MESSAGES.creditNotYours } },
        });
        const stored = (await as().get(`/api/activity/${activity.activity_id}`)).body as Activity;
        expect(stored).toMatchObject({ activity_name: 'Seminar', version: activity.version });
      });

      it('of two saves naming the same version, the one that waited answers 409 and adds none of its credits', async () => {
        const cissp = await createCertification(as(), CERT);
        const cism = await createCertification(as(), { ...CERT, certification_name: 'CISM' });
        const cisa = await createCertification(as(), { ...CERT, certification_name: 'CISA' });
        const activity = await createActivity(as(), {
          ...ACTIVITY,
          certification_id: cissp.certification_id,
        });
        // One window saves with a credit to CISM; its transaction is still open.
        const saving = await holdOpen((tx) =>
          updateActivity(
            tx,
            sub,
            activity.activity_id,
            activity.version,
            { ...ACTIVITY, description: '', activity_name: 'First window' },
            [{ certification_id: cism.certification_id, cpe_units: 1 }],
            { ruled: [], allowed: dict() },
          ),
        );
        expect(saving.value.kind).toBe('ok');

        // The other window, read at the same version, saves with a credit to CISA.
        const saved = await whileHeld(saving, () =>
          as().put(`/api/activities/${activity.activity_id}`, {
            ...ACTIVITY,
            activity_name: 'Second window',
            credits: [{ certification_id: cisa.certification_id, cpe_units: 1 }],
            version: activity.version,
          }),
        );

        expect(saved.status).toBe(409);
        const stored = (await as().get(`/api/activity/${activity.activity_id}`)).body as Activity;
        expect(stored).toMatchObject({
          activity_name: 'First window',
          version: activity.version + 1,
        });
        expect(stored.credits.map((c) => c.certification_id).sort()).toEqual(
          [cissp.certification_id, cism.certification_id].sort(),
        );
      });

      it('an import into a certification deleted meanwhile is refused on that certification and stores nothing', async () => {
        const doomed = await createCertification(as(), { ...CERT, certification_name: 'CCSP' });
        const deleting = await holdOpen((tx) =>
          deleteCertification(tx, sub, doomed.certification_id),
        );

        const imported = await whileHeld(deleting, () =>
          as().post('/api/imports', {
            file_name: 'cpe.csv',
            content_base64: Buffer.from(
              'Date,Activity,CPE hours\r\n2024-06-01,Seminar,2\r\n',
            ).toString('base64'),
            certification_id: doomed.certification_id,
          }),
        );

        expect(imported).toMatchObject({
          status: 400,
          body: { errors: { certification_id: API_MESSAGES.creditNotYours } },
        });
        expect(await activitiesStoredFor(doomed.certification_id)).toBe(0);
      });

      it('an import crediting a certification deleted meanwhile is refused on that certification and stores nothing', async () => {
        const kept = await createCertification(as(), { ...CERT, certification_name: 'CRISC' });
        const doomed = await createCertification(as(), { ...CERT, certification_name: 'CGEIT' });
        // An account export whose activity, for CRISC, credits CGEIT too: both are matched to the
        // caller's by name when the file is read, before CGEIT's delete commits.
        const exported = {
          certifications: [kept, doomed].map((c) => ({
            certification_id: c.certification_id,
            certification_name: c.certification_name,
          })),
          activities: [{ activity_id: 'a1', certification_id: kept.certification_id, ...ACTIVITY }],
          credits: [
            { activity_id: 'a1', certification_id: kept.certification_id, cpe_units: 2 },
            { activity_id: 'a1', certification_id: doomed.certification_id, cpe_units: 1 },
          ],
        };
        const deleting = await holdOpen((tx) =>
          deleteCertification(tx, sub, doomed.certification_id),
        );

        const imported = await whileHeld(deleting, () =>
          as().post('/api/imports', {
            file_name: 'export.json',
            content_base64: Buffer.from(JSON.stringify(exported)).toString('base64'),
          }),
        );

        expect(imported).toMatchObject({
          status: 400,
          body: { errors: { certification_id: API_MESSAGES.creditNotYours } },
        });
        expect(await activitiesStoredFor(kept.certification_id)).toBe(0);
      });

      it('a second attach of an upload being attached answers that it is already attached', async () => {
        const cert = await createCertification(as(), CERT);
        const [one, two] = await Promise.all(
          ['One', 'Two'].map((name) =>
            createActivity(as(), {
              ...ACTIVITY,
              activity_name: name,
              certification_id: cert.certification_id,
            }),
          ),
        );
        const upload = await uploadFile(as(), { bytes: PDF });
        const { attaching } = await attachHeldOpen(one!.activity_id, upload.upload_id);

        const second = await whileHeld(attaching, () =>
          as().post(`/api/activities/${two!.activity_id}/files`, { upload_id: upload.upload_id }),
        );

        expect(second).toMatchObject({
          status: 400,
          body: { errors: { upload_id: API_MESSAGES.uploadMissing } },
        });
        expect((await as().get(`/api/activities/${two!.activity_id}/files`)).body).toEqual([]);
        const files = (await as().get(`/api/activities/${one!.activity_id}/files`))
          .body as ProofFile[];
        expect(files.map((f) => f.file_id)).toEqual([upload.upload_id]);
      });

      it("deleting an activity while a file is attached to it deletes the file's object too", async () => {
        const cert = await createCertification(as(), CERT);
        const activity = await createActivity(as(), {
          ...ACTIVITY,
          certification_id: cert.certification_id,
        });
        const upload = await declareUpload(as(), { bytes: PDF });
        const { attaching, key } = await attachHeldOpen(activity.activity_id, upload.upload_id);

        const deleted = await whileHeld(attaching, () =>
          as().delete(`/api/activities/${activity.activity_id}`),
        );

        expect(deleted.status).toBe(204);
        expect((await as().get(`/api/activity/${activity.activity_id}`)).status).toBe(404);
        const rows = await sql(runtime, 'select count(*) as n from files where object_key = :key', {
          key,
        });
        expect(Number(rows[0]?.n)).toBe(0);
        expect(await storage().head(key)).toBeUndefined();
      });
    });
  }
});
