/**
 * Issue 11 through the real HTTP API on each backend: one activity counted
 * for several certifications (totals, renewal per credit), proof files
 * uploaded with the presigned POST the real @aws-sdk/s3-presigned-post
 * signs and posted by fetch, downloaded through the presigned GET, and the
 * readiness of a certification.
 */
import { createS3Storage } from '@cpe/api/aws/s3';
import type { Activity, DownloadLink, ProofFile, Readiness, Upload } from '@cpe/shared';
import { API_MESSAGES } from '@cpe/shared/messages';
import {
  type ActivityBody,
  type CertificationBody,
  certificationOf,
  createActivity,
  createCertification,
  postFile,
  uploadFile,
} from '../support/api';
import { expected } from '../support/expected';
import { awsFor } from '../support/handler-deps';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { type TestUser, api, createUser } from '../support/users';

/** A small PDF (its bytes need not be a valid document for S3). */
const PDF = Buffer.from('%PDF-1.4\n% proof of attendance\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1');

describe.each(backendNames())('audit-ready activities and proof files on %s', (backend) => {
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

  const as = (user: TestUser) => api(runtime, user.accessToken);
  const storage = () => createS3Storage(awsFor(runtime), 'cpe-local-evidence');

  async function counted<T>(request: () => Promise<T>): Promise<[T, number]> {
    runtime.rdsData.calls.reset();
    const answer = await request();
    return [answer, runtime.rdsData.calls.total];
  }

  const createCert = (user: TestUser, body: CertificationBody = {}) =>
    createCertification(as(user), {
      certification_name: 'CISSP',
      cpe_needed: 4,
      earned_date: '2024-01-15',
      expiry_date: '2027-01-15',
      verification_link: null,
      ...body,
    });
  const addActivity = (user: TestUser, certId: string, body: ActivityBody = {}) =>
    createActivity(as(user), {
      certification_id: certId,
      activity_name: 'Zero trust seminar',
      cpe_units: 4,
      activity_date: '2024-06-01',
      ...body,
    });
  const cert = (user: TestUser, id: string) => certificationOf(as(user), id);
  const uploadPdf = (user: TestUser, bytes = PDF) =>
    uploadFile(as(user), { bytes, name: 'Seminar certificate.pdf' });

  describe('credits', () => {
    it('an activity for CISSP (4) and CISM (4) raises both totals; renewing CISSP leaves CISM unchanged', async () => {
      const cissp = await createCert(ada);
      const cism = await createCert(ada, { certification_name: 'CISM', cpe_needed: 20 });
      const [created, calls] = await counted(() =>
        as(ada).post('/api/activities', {
          certification_id: cissp.certification_id,
          activity_name: 'Zero trust seminar',
          cpe_units: 4,
          activity_date: '2024-06-01',
          provider: 'ISACA Sydney Chapter',
          credits: [{ certification_id: cism.certification_id }],
        }),
      );
      expect(calls).toBe(1);
      expect(created.status).toBe(201);
      const activity = created.body as Activity;
      expect(activity.credits).toEqual([
        {
          certification_id: cissp.certification_id,
          cpe_units: 4,
          submitted_on: null,
          is_archived: false,
          late_for_cycle: null,
          category: null,
        },
        {
          certification_id: cism.certification_id,
          cpe_units: 4,
          submitted_on: null,
          is_archived: false,
          late_for_cycle: null,
          category: null,
        },
      ]);
      expect(activity.provider).toBe('ISACA Sydney Chapter');

      expect(await cert(ada, cissp.certification_id)).toMatchObject({
        total_cpes_earned: 4,
        cycle_cpes_earned: 4,
      });
      expect(await cert(ada, cism.certification_id)).toMatchObject({
        total_cpes_earned: 4,
        cycle_cpes_earned: 4,
      });
      const [list, listCalls] = await counted(() =>
        as(ada).get(`/api/activities/${cism.certification_id}`),
      );
      expect(listCalls).toBe(1);
      expect(list.body).toEqual([
        expect.objectContaining({ activity_id: activity.activity_id, is_archived: false }),
      ]);

      const renewed = await as(ada).put(`/api/renewCertification/${cissp.certification_id}`, {
        expiry_date: '2027-01-15',
      });
      expect(renewed).toMatchObject({ status: 200, body: { total_cpes_earned: 0 } });
      expect(await cert(ada, cism.certification_id)).toMatchObject({
        total_cpes_earned: 4,
        cycle_cpes_earned: 4,
      });
      const afterCism = (await as(ada).get(`/api/activities/${cism.certification_id}`))
        .body as Activity[];
      expect(afterCism).toEqual([expect.objectContaining({ is_archived: false })]);
      const afterCissp = (await as(ada).get(`/api/activities/${cissp.certification_id}`))
        .body as Activity[];
      expect(afterCissp).toEqual([expect.objectContaining({ is_archived: true })]);
      expect(afterCissp[0]!.credits.map((c) => c.is_archived)).toEqual([true, false]);

      // A certification an activity counts for cannot be deleted while it does.
      expect((await as(ada).delete(`/api/certifications/${cism.certification_id}`)).status).toBe(
        409,
      );
    });

    it('updates credits in one call: units per credit, removal, the primary following cpe_units', async () => {
      const cissp = await createCert(ada);
      const cism = await createCert(ada, { certification_name: 'CISM' });
      const pmp = await createCert(ada, { certification_name: 'PMP' });
      const activity = await addActivity(ada, cissp.certification_id, {
        credits: [
          { certification_id: cism.certification_id, cpe_units: 3, submitted_on: '2024-06-02' },
        ],
      });
      const [updated, calls] = await counted(() =>
        as(ada).put(`/api/activities/${activity.activity_id}`, {
          activity_name: 'Zero trust seminar',
          cpe_units: 5,
          activity_date: '2024-06-01',
          credits: [
            { certification_id: cissp.certification_id, cpe_units: 99 },
            { certification_id: pmp.certification_id, cpe_units: 2 },
          ],
          version: activity.version,
        }),
      );
      expect(calls).toBe(1);
      expect(updated.status).toBe(200);
      expect((updated.body as Activity).credits).toEqual([
        {
          certification_id: cissp.certification_id,
          cpe_units: 5,
          submitted_on: null,
          is_archived: false,
          late_for_cycle: null,
          category: null,
        },
        {
          certification_id: pmp.certification_id,
          cpe_units: 2,
          submitted_on: null,
          is_archived: false,
          late_for_cycle: null,
          category: null,
        },
      ]);
      expect(await cert(ada, cism.certification_id)).toMatchObject({ total_cpes_earned: 0 });
      expect(await cert(ada, pmp.certification_id)).toMatchObject({ total_cpes_earned: 2 });

      // Without credits, the credits stay; the primary takes the new units.
      const kept = await as(ada).put(`/api/activities/${activity.activity_id}`, {
        activity_name: 'Zero trust seminar',
        cpe_units: 6,
        activity_date: '2024-06-01',
        version: (updated.body as Activity).version,
      });
      expect((kept.body as Activity).credits.map((c) => [c.certification_id, c.cpe_units])).toEqual(
        [
          [cissp.certification_id, 6],
          [pmp.certification_id, 2],
        ],
      );
    });

    it("refuses another user's, a malformed or a repeated certification in credits, naming the field", async () => {
      const mine = await createCert(ada);
      const theirs = await createCert(eve);
      const base = {
        certification_id: mine.certification_id,
        activity_name: 'x',
        cpe_units: 1,
        activity_date: '2024-06-01',
      };
      const foreign = await as(ada).post('/api/activities', {
        ...base,
        credits: [{ certification_id: theirs.certification_id }],
      });
      expect(foreign).toMatchObject({
        status: 400,
        body: { errors: { 'credits.0.certification_id': API_MESSAGES.creditNotYours } },
      });
      const malformed = await as(ada).post('/api/activities', {
        ...base,
        credits: [{ certification_id: 'not-an-id' }],
      });
      expect(malformed).toMatchObject({
        status: 400,
        body: { errors: { 'credits.0.certification_id': expected.any(String) } },
      });
      const twice = await as(ada).post('/api/activities', {
        ...base,
        credits: [
          { certification_id: mine.certification_id },
          { certification_id: mine.certification_id },
        ],
      });
      expect(twice).toMatchObject({
        status: 400,
        body: { errors: { 'credits.1.certification_id': 'is listed twice' } },
      });
      expect((await as(ada).get(`/api/activities/${mine.certification_id}`)).body).toEqual([]);
      expect(await cert(eve, theirs.certification_id)).toMatchObject({ total_cpes_earned: 0 });
      // Eve's activities do not show in the certification of Ada's that an earlier mistake named.
      const theirsActivity = await addActivity(eve, theirs.certification_id);
      const update = await as(ada).put(`/api/activities/${theirsActivity.activity_id}`, {
        activity_name: 'x',
        cpe_units: 1,
        activity_date: '2024-06-01',
        credits: [{ certification_id: mine.certification_id }],
        version: theirsActivity.version,
      });
      expect(update.status).toBe(404);
    });

    it("holds the category to the certification's catalogue rules, free text otherwise", async () => {
      const catalogued = await createCert(ada, { catalogue_id: 'isc2-cissp' });
      const custom = await createCert(ada, { certification_name: 'In-house' });
      expect(
        (await addActivity(ada, catalogued.certification_id, { category: 'group-b' })).category,
      ).toBe('group-b');
      const refused = await as(ada).post('/api/activities', {
        certification_id: catalogued.certification_id,
        activity_name: 'x',
        activity_date: '2024-06-01',
        category: 'Technical',
      });
      expect(refused).toMatchObject({
        status: 400,
        body: { errors: { category: API_MESSAGES.categoryNotInRules } },
      });
      expect(
        (await addActivity(ada, custom.certification_id, { category: 'Technical' })).category,
      ).toBe('Technical');
    });
  });

  describe('proof files', () => {
    it('uploads through the presigned POST, attaches, lists, downloads byte-identical and deletes', async () => {
      const c = await createCert(ada);
      const activity = await addActivity(ada, c.certification_id);
      const upload = await uploadPdf(ada);
      expect(upload.fields.key).toBe(
        `users/${upload.fields.key!.split('/')[1]}/uploads/${upload.upload_id}`,
      );
      expect(await storage().head(upload.fields.key!)).toEqual({
        size: PDF.length,
        contentType: 'application/pdf',
      });

      const [attached, attachCalls] = await counted(() =>
        as(ada).post(`/api/activities/${activity.activity_id}/files`, {
          upload_id: upload.upload_id,
        }),
      );
      expect(attachCalls).toBeLessThanOrEqual(2);
      expect(attached).toMatchObject({
        status: 201,
        body: {
          file_name: 'Seminar certificate.pdf',
          content_type: 'application/pdf',
          size: PDF.length,
        },
      });
      const file = attached.body as ProofFile;
      // Attaching twice: the upload is no longer waiting.
      expect(
        await as(ada).post(`/api/activities/${activity.activity_id}/files`, {
          upload_id: upload.upload_id,
        }),
      ).toMatchObject({ status: 400, body: { errors: { upload_id: API_MESSAGES.uploadMissing } } });

      const [listed, listCalls] = await counted(() =>
        as(ada).get(`/api/activities/${activity.activity_id}/files`),
      );
      expect(listCalls).toBe(1);
      expect(listed.body).toEqual([file]);
      const one = (await as(ada).get(`/api/activity/${activity.activity_id}`)).body as Activity;
      expect(one).toMatchObject({ has_proof: true, files: [file] });
      expect(
        (await as(ada).get(`/api/activities/${c.certification_id}?proof=missing`)).body,
      ).toEqual([]);
      expect(
        (await as(ada).get(`/api/activities/${c.certification_id}?proof=present`)).body,
      ).toHaveLength(1);
      expect((await as(ada).get(`/api/activities/${c.certification_id}?proof=maybe`)).status).toBe(
        400,
      );

      const link = await as(ada).get(`/api/files/${file.file_id}`);
      expect(link.status).toBe(200);
      const download = await fetch((link.body as DownloadLink).url);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toContain('Seminar%20certificate.pdf');
      expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

      expect((await as(eve).get(`/api/files/${file.file_id}`)).status).toBe(404);
      expect((await as(eve).delete(`/api/files/${file.file_id}`)).status).toBe(404);
      expect((await as(ada).delete(`/api/files/${file.file_id}`)).status).toBe(204);
      expect((await as(ada).get(`/api/files/${file.file_id}`)).status).toBe(404);
      expect(await storage().head(upload.fields.key!)).toBeUndefined();
    });

    it('refuses an upload that is not what was declared, and a POST policy reused for another key', async () => {
      const c = await createCert(ada);
      const activity = await addActivity(ada, c.certification_id);
      const declared = await as(ada).post('/api/uploads', {
        file_name: 'scan.png',
        content_type: 'image/png',
        size: 10,
      });
      const upload = declared.body as Upload;
      // Not uploaded yet.
      expect(
        await as(ada).post(`/api/activities/${activity.activity_id}/files`, {
          upload_id: upload.upload_id,
        }),
      ).toMatchObject({
        status: 400,
        body: { errors: { upload_id: API_MESSAGES.uploadMismatch } },
      });
      // Another size or another type is refused by S3 itself (the policy).
      expect((await postFile(upload, { bytes: Buffer.alloc(11), type: 'image/png' })).status).toBe(
        400,
      );
      expect(
        (
          await postFile(
            upload,
            { bytes: Buffer.alloc(10), type: 'text/html' },
            { 'Content-Type': 'text/html' },
          )
        ).status,
      ).toBe(403);
      // The policy fixes the key: not another upload's, not another user's.
      const other = `users/${upload.fields.key!.split('/')[1]}/uploads/00000000-0000-4000-8000-000000000009`;
      expect(
        (await postFile(upload, { bytes: Buffer.alloc(10), type: 'image/png' }, { key: other }))
          .status,
      ).toBe(403);
      expect(await storage().head(other)).toBeUndefined();

      expect(
        await as(ada).post('/api/uploads', {
          file_name: 'x.exe',
          content_type: 'application/x-msdownload',
          size: 1,
        }),
      ).toMatchObject({ status: 400, body: { errors: { content_type: expected.any(String) } } });
      expect(
        await as(ada).post('/api/uploads', {
          file_name: 'big.pdf',
          content_type: 'application/pdf',
          size: 10 * 1024 * 1024 + 1,
        }),
      ).toMatchObject({ status: 400, body: { errors: { size: expected.any(String) } } });
    });

    it("keeps another user's uploads, activities and files out of reach (404, or a missing upload)", async () => {
      const adaCert = await createCert(ada);
      const adaActivity = await addActivity(ada, adaCert.certification_id);
      const eveCert = await createCert(eve);
      const eveActivity = await addActivity(eve, eveCert.certification_id);
      const adaUpload = await uploadPdf(ada);

      // Eve cannot attach Ada's upload, nor attach anything to Ada's activity.
      expect(
        await as(eve).post(`/api/activities/${eveActivity.activity_id}/files`, {
          upload_id: adaUpload.upload_id,
        }),
      ).toMatchObject({ status: 400, body: { errors: { upload_id: API_MESSAGES.uploadMissing } } });
      const eveUpload = await uploadPdf(eve);
      expect(
        (
          await as(eve).post(`/api/activities/${adaActivity.activity_id}/files`, {
            upload_id: eveUpload.upload_id,
          })
        ).status,
      ).toBe(404);
      expect((await as(eve).get(`/api/activities/${adaActivity.activity_id}/files`)).status).toBe(
        404,
      );
      expect(
        (await as(eve).get(`/api/certifications/${adaCert.certification_id}/readiness`)).status,
      ).toBe(404);
      expect(
        (await as(eve).get(`/api/certifications/${adaCert.certification_id}/cycles`)).status,
      ).toBe(404);
      expect(
        (
          await as(eve).put(`/api/activities/${adaActivity.activity_id}/submissions`, {
            certification_id: adaCert.certification_id,
            submitted_on: '2024-07-01',
          })
        ).status,
      ).toBe(404);

      // Ada's upload is still hers to attach.
      expect(
        (
          await as(ada).post(`/api/activities/${adaActivity.activity_id}/files`, {
            upload_id: adaUpload.upload_id,
          })
        ).status,
      ).toBe(201);
    });

    it('deleting an activity deletes its files, rows and objects', async () => {
      const c = await createCert(ada);
      const activity = await addActivity(ada, c.certification_id);
      const upload = await uploadPdf(ada);
      const attached = await as(ada).post(`/api/activities/${activity.activity_id}/files`, {
        upload_id: upload.upload_id,
      });
      const file = attached.body as ProofFile;
      const [deleted, calls] = await counted(() =>
        as(ada).delete(`/api/activities/${activity.activity_id}`),
      );
      expect(deleted.status).toBe(204);
      expect(calls).toBe(1);
      expect((await as(ada).get(`/api/files/${file.file_id}`)).status).toBe(404);
      expect(await storage().head(upload.fields.key!)).toBeUndefined();
    });
  });

  describe('readiness', () => {
    it('flags an activity without proof or provider, and stops once both are added', async () => {
      const c = await createCert(ada, { catalogue_id: 'isc2-cissp', cpe_needed: 120 });
      const activity = await addActivity(ada, c.certification_id, {
        category: 'group-b',
        cpe_units: 31,
      });
      const kinds = async () => {
        const [answer, calls] = await counted(() =>
          as(ada).get(`/api/certifications/${c.certification_id}/readiness`),
        );
        expect(calls).toBe(1);
        expect(answer.status).toBe(200);
        return answer.body as Readiness;
      };
      const before = await kinds();
      expect(before.problems.map((p) => p.kind).sort()).toEqual([
        'no_proof',
        'no_provider',
        'not_submitted',
        'over_cap',
      ]);
      // Group B counts up to its cap of 30: 31 earned, 30 toward the total.
      expect(before.totals).toEqual({ earned: 30, target: 120, unit: 'CPE' });
      expect(before.categories).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ category: 'group-a', earned: 0, minimum: 90, maximum: null }),
          expect.objectContaining({ category: 'group-b', earned: 31, minimum: null, maximum: 30 }),
        ]),
      );

      const read = (await as(ada).get(`/api/activity/${activity.activity_id}`)).body as Activity;
      await as(ada).put(`/api/activities/${activity.activity_id}`, {
        activity_name: 'Zero trust seminar',
        cpe_units: 30,
        activity_date: '2024-06-01',
        provider: 'ISC2 Chapter',
        version: read.version,
      });
      const upload = await uploadPdf(ada);
      await as(ada).post(`/api/activities/${activity.activity_id}/files`, {
        upload_id: upload.upload_id,
      });
      const [submitted, submitCalls] = await counted(() =>
        as(ada).put(`/api/activities/${activity.activity_id}/submissions`, {
          certification_id: c.certification_id,
          submitted_on: '2024-06-05',
        }),
      );
      expect(submitCalls).toBe(1);
      expect((submitted.body as Activity).credits[0]!.submitted_on).toBe('2024-06-05');
      expect((await kinds()).problems).toEqual([]);

      const unknown = await as(ada).put(`/api/activities/${activity.activity_id}/submissions`, {
        certification_id: '00000000-0000-4000-8000-000000000001',
        submitted_on: null,
      });
      expect(unknown).toMatchObject({
        status: 400,
        body: { errors: { certification_id: API_MESSAGES.noSuchCredit } },
      });
    });

    it('lists the cycles back to the oldest credit and answers a past one by its start date', async () => {
      const c = await createCert(ada, { cpe_needed: 4 });
      await addActivity(ada, c.certification_id, { activity_date: '2020-03-01', cpe_units: 4 });
      const cycles = await as(ada).get(`/api/certifications/${c.certification_id}/cycles`);
      expect(cycles.body).toEqual([
        { start: '2024-01-15', end: '2027-01-15', current: true },
        // Each ends the day before the next starts: a credit on that day is the next one's.
        { start: '2021-01-15', end: '2024-01-14', current: false },
        { start: '2018-01-15', end: '2021-01-14', current: false },
      ]);
      const past = await as(ada).get(
        `/api/certifications/${c.certification_id}/readiness?cycle=2018-01-15`,
      );
      expect(past).toMatchObject({
        status: 200,
        body: { cycle: { start: '2018-01-15', end: '2021-01-14' }, totals: { earned: 4 } },
      });
      const current = (await as(ada).get(`/api/certifications/${c.certification_id}/readiness`))
        .body as Readiness;
      expect(current.problems.map((p) => p.kind)).toContain('outside_cycle');
      expect(
        (await as(ada).get(`/api/certifications/${c.certification_id}/readiness?cycle=2019-01-01`))
          .status,
      ).toBe(400);
    });
  });
});
