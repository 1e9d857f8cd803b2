/**
 * Issue 25 item 5, "nothing outlives its owner", through the real HTTP API
 * on each backend: an upload form counts once (a second POST with it cannot
 * reach an attached proof, and its upload cannot be attached again), proof
 * whose bytes are not its declared type is refused naming the file, names
 * lose their direction-control characters, a deleted account's token
 * answers 401 on every route (a form it was given still posts, as S3
 * cannot revoke one, but the bucket's lifecycle rule removes what it wrote),
 * and an activity moved across a renewal
 * boundary sits in exactly one cycle's report.
 */
import { GetObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { createS3Storage } from '@cpe/api/aws/s3';
import { LOCAL_EVIDENCE_BUCKET } from '@cpe/local';
import type {
  Activity,
  Certification,
  CertificationCycle,
  DownloadLink,
  ProofFile,
  Upload,
} from '@cpe/shared';
import { API_MESSAGES } from '@cpe/shared/messages';
import { routes } from '@cpe/shared/routes';
import { parse as parseCsv } from 'csv-parse/sync';
import { decodeJwt } from 'jose';
import { bodyOf, createActivity, createCertification, postFile } from '../support/api';
import { sql } from '../support/data-api';
import { awsFor } from '../support/handler-deps';
import {
  type TestRuntime,
  backendNames,
  runS3Lifecycle,
  startTestRuntime,
} from '../support/runtime';
import { type TestUser, api, createUser } from '../support/users';

const PDF = Buffer.from('%PDF-1.4\n% proof of attendance\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1');
/** The same size as PDF, other bytes: what a second use of the form would swap in. */
const SWAPPED = Buffer.from(
  '%PDF-1.4\n% SWAPPED CONTENT!!!!\n1 0 obj <<>> endobj\n%%EOF\n',
  'latin1',
);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(14),
]);
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(8),
]);
/** A Windows program: what `invoice\u202Efdp.exe` held. */
const EXE = Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1');

describe.each(backendNames())('nothing outlives its owner on %s', (backend) => {
  let runtime: TestRuntime;
  let ada: TestUser;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
    ada = await createUser(runtime);
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  const as = (user: TestUser) => api(runtime, user.accessToken);
  const storage = () => createS3Storage(awsFor(runtime), LOCAL_EVIDENCE_BUCKET);
  const subOf = (user: TestUser) => String(decodeJwt(user.accessToken).sub);

  async function tagsOf(key: string): Promise<Record<string, string>> {
    const aws = awsFor(runtime);
    const client = new S3Client({
      region: aws.region,
      credentials: aws.credentials,
      endpoint: aws.endpoints?.s3,
      forcePathStyle: true,
    });
    const out = await client.send(
      new GetObjectTaggingCommand({ Bucket: LOCAL_EVIDENCE_BUCKET, Key: key }),
    );
    return Object.fromEntries((out.TagSet ?? []).map((t) => [t.Key, t.Value])) as Record<
      string,
      string
    >;
  }

  async function certAndActivity(user: TestUser, activityDate = '2025-03-01') {
    const { certification_id: certificationId } = await createCertification(as(user), {
      certification_name: 'CISSP',
      cpe_needed: 4,
      earned_date: '2025-01-01',
      expiry_date: '2026-01-01',
    });
    const activity = await createActivity(as(user), {
      certification_id: certificationId,
      activity_name: 'Seminar',
      cpe_units: 4,
      activity_date: activityDate,
    });
    return { certificationId, activityId: activity.activity_id };
  }

  /** Declares an upload of `size` bytes, whatever is posted with it afterwards. */
  async function newUpload(user: TestUser, name: string, type: string, size: number) {
    const answer = await as(user).post<Upload>('/api/uploads', {
      file_name: name,
      content_type: type,
      size,
    });
    return bodyOf(answer, 201);
  }

  const post = (upload: Upload, bytes: Buffer, type: string) =>
    postFile(upload, { bytes, type, name: 'file' });

  const attach = (user: TestUser, activityId: string, upload: Upload) =>
    as(user).post(`/api/activities/${activityId}/files`, { upload_id: upload.upload_id });

  async function download(user: TestUser, fileId: string): Promise<Buffer> {
    const link = await as(user).get<DownloadLink>(`/api/files/${fileId}`);
    expect(link.status).toBe(200);
    const response = await fetch(link.body.url);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  it('an upload form counts once: used again it reaches no attached proof and attaches nothing', async () => {
    const { activityId } = await certAndActivity(ada);
    const upload = await newUpload(ada, 'Seminar.pdf', 'application/pdf', PDF.length);
    expect((await post(upload, PDF, 'application/pdf')).status).toBe(204);
    const attached = await attach(ada, activityId, upload);
    expect(attached.status).toBe(201);
    const file = attached.body as ProofFile;
    const pendingKey = `users/${subOf(ada)}/uploads/${upload.upload_id}`;
    const [row] = await sql(
      runtime,
      'select object_key from files where file_id = cast(:id as uuid)',
      {
        id: file.file_id,
      },
    );
    const fileKey = String(row?.object_key);
    expect(fileKey).toMatch(new RegExp(`^users/${subOf(ada)}/files/${upload.upload_id}/`));
    // The proof lives where no form writes, untagged; the pending object is gone.
    expect(await storage().head(pendingKey)).toBeUndefined();
    expect(await tagsOf(fileKey)).toEqual({});

    // The same form again, within its ten minutes, with other bytes of the same size.
    expect((await post(upload, SWAPPED, 'application/pdf')).status).toBe(204);
    expect(await download(ada, file.file_id)).toEqual(PDF);
    expect(await tagsOf(fileKey)).toEqual({});
    // What it wrote is a pending upload the lifecycle rule expires, and it attaches nowhere.
    expect(await tagsOf(pendingKey)).toEqual({ 'cpe-upload': 'pending' });
    const again = await attach(ada, activityId, upload);
    expect(again).toMatchObject({
      status: 400,
      body: { errors: { upload_id: API_MESSAGES.uploadMissing } },
    });
    const listed = await as(ada).get(`/api/activities/${activityId}/files`);
    expect((listed.body as unknown[]).length).toBe(1);
    expect(await download(ada, file.file_id)).toEqual(PDF);
  });

  it.each([
    ['application/pdf', PDF],
    ['image/png', PNG],
    ['image/jpeg', JPEG],
    ['image/webp', WEBP],
    ['image/heic', HEIC],
  ])('accepts %s whose bytes are that type', async (type, bytes) => {
    const { activityId } = await certAndActivity(ada);
    const upload = await newUpload(ada, 'proof', type, bytes.length);
    expect((await post(upload, bytes, type)).status).toBe(204);
    const attached = await attach(ada, activityId, upload);
    expect(attached).toMatchObject({ status: 201, body: { content_type: type } });
  });

  it('refuses proof whose bytes are not its declared type, naming the file and the type', async () => {
    const { activityId } = await certAndActivity(ada);
    const text = Buffer.from('just some text..');
    const fake = await newUpload(ada, 'fake.pdf', 'application/pdf', text.length);
    expect((await post(fake, text, 'application/pdf')).status).toBe(204);
    expect(await attach(ada, activityId, fake)).toMatchObject({
      status: 400,
      body: { errors: { upload_id: API_MESSAGES.uploadNotItsType('fake.pdf', 'a PDF') } },
    });

    // The right-to-left override is dropped from the name as it is declared.
    const exe = await newUpload(ada, 'invoice\u202Efdp.exe', 'application/pdf', EXE.length);
    expect((await post(exe, EXE, 'application/pdf')).status).toBe(204);
    const refused = await attach(ada, activityId, exe);
    expect(refused).toMatchObject({
      status: 400,
      body: { errors: { upload_id: API_MESSAGES.uploadNotItsType('invoicefdp.exe', 'a PDF') } },
    });
    const png = await newUpload(ada, 'photo.png', 'image/png', PDF.length);
    expect((await post(png, PDF, 'image/png')).status).toBe(204);
    expect(await attach(ada, activityId, png)).toMatchObject({
      status: 400,
      body: { errors: { upload_id: API_MESSAGES.uploadNotItsType('photo.png', 'a PNG image') } },
    });

    const listed = await as(ada).get(`/api/activities/${activityId}/files`);
    expect(listed.body).toEqual([]);
    const activity = await as(ada).get(`/api/activity/${activityId}`);
    expect(activity.body).toMatchObject({ has_proof: false });
    // Nothing was kept where proof lives.
    for (const upload of [fake, exe, png])
      expect(await storage().deletePrefix(`users/${subOf(ada)}/files/${upload.upload_id}/`)).toBe(
        0,
      );
  });

  it('drops direction-control characters from names and other single-line text', async () => {
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    const cert = await as(ada).post('/api/certifications', {
      certification_name: `CIS${controls}SP`,
      cpe_needed: 4,
      earned_date: '2025-01-01',
      expiry_date: '2026-01-01',
    });
    expect(cert).toMatchObject({ status: 201, body: { certification_name: 'CISSP' } });
    const id = (cert.body as Certification).certification_id;
    const activity = await as(ada).post('/api/activities', {
      certification_id: id,
      activity_name: 'Zero\u202Etrust',
      provider: '\u2067ISACA\u2069',
      cpe_units: 1,
      activity_date: '2025-02-01',
    });
    expect(activity).toMatchObject({
      status: 201,
      body: { activity_name: 'Zerotrust', provider: 'ISACA' },
    });
    // Only direction controls: nothing is left, and the name is required.
    const empty = await as(ada).post('/api/certifications', {
      certification_name: '\u202E\u202E',
      cpe_needed: 4,
      earned_date: '2025-01-01',
      expiry_date: '2026-01-01',
    });
    expect(empty.status).toBe(400);
  });

  it("answers 401 to every route with a deleted account's token, and its forms attach nothing", async () => {
    const gus = await createUser(runtime);
    const { certificationId, activityId } = await certAndActivity(gus);
    const upload = await newUpload(gus, 'late.pdf', 'application/pdf', PDF.length);
    const deleted = await as(gus).raw(
      'DELETE',
      '/api/account',
      JSON.stringify({ email: gus.email }),
    );
    expect(deleted.status).toBe(204);

    const ids: Record<string, string> = {
      id: certificationId,
      email: encodeURIComponent(gus.email),
    };
    const answers: Array<{ route: string; status: number }> = [];
    for (const route of routes.filter((r) => r.auth && r.api === 'api')) {
      const id = route.path.startsWith('/api/activit') ? activityId : certificationId;
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === 'id' ? id : (ids[name] ?? 'x'),
      );
      const query = route.operation === 'getReport' ? '?format=csv' : '';
      const answer =
        route.method === 'GET'
          ? await as(gus).get(`${path}${query}`)
          : await as(gus).raw(route.method, path, '{}');
      answers.push({ route: `${route.method} ${route.path}`, status: answer.status });
    }
    expect(answers.filter((a) => a.status !== 401)).toEqual([]);
    expect(answers.length).toBeGreaterThan(30);
    // A valid request of each kind the issue names: still 401.
    expect((await as(gus).post('/api/recommendations', {})).status).toBe(401);
    expect(
      (
        await as(gus).post('/api/uploads', {
          file_name: 'a.pdf',
          content_type: 'application/pdf',
          size: 10,
        })
      ).status,
    ).toBe(401);

    // The form handed out before the deletion still posts (S3 cannot revoke it) ...
    expect((await post(upload, PDF, 'application/pdf')).status).toBe(204);
    const left = `users/${subOf(gus)}/uploads/${upload.upload_id}`;
    // ... but what it wrote is only a pending upload, which the lifecycle rule expires,
    expect(await tagsOf(left)).toEqual({ 'cpe-upload': 'pending' });
    // and nothing can attach it.
    expect(
      (
        await as(gus).post(`/api/activities/${activityId}/files`, {
          upload_id: upload.upload_id,
        })
      ).status,
    ).toBe(401);

    // The bucket's daily lifecycle run removes it, as S3 counts: a day from its
    // creation, rounded up to midnight UTC. An attached proof (untagged) stays.
    const { activityId: adaActivity } = await certAndActivity(ada);
    const kept = await newUpload(ada, 'Kept.pdf', 'application/pdf', PDF.length);
    expect((await post(kept, PDF, 'application/pdf')).status).toBe(204);
    const keptFile = await attach(ada, adaActivity, kept);
    expect(keptFile.status).toBe(201);
    const written = Date.now();
    await runS3Lifecycle(runtime, new Date(written + 60_000));
    expect(await storage().head(left)).toBeDefined();
    await runS3Lifecycle(runtime, new Date(written + 2 * 86_400_000));
    expect(await storage().head(left)).toBeUndefined();
    expect(await download(ada, (keptFile.body as ProofFile).file_id)).toEqual(PDF);
  });

  it('keeps an activity moved across a renewal boundary in exactly one report', async () => {
    const cert = await createCertification(as(ada), {
      certification_name: 'Moves',
      cpe_needed: 4,
      earned_date: '2024-01-01',
      expiry_date: '2025-01-01',
    });
    const id = cert.certification_id;
    const created = await as(ada).post('/api/activities', {
      certification_id: id,
      activity_name: 'Moved seminar',
      cpe_units: 4,
      activity_date: '2024-06-01',
    });
    const activity = created.body as Activity;
    const renewed = await as(ada).put(`/api/renewCertification/${id}`, {
      expiry_date: '2025-01-01',
    });
    expect(renewed.status).toBe(200);
    const cycles = (await as(ada).get(`/api/certifications/${id}/cycles`))
      .body as CertificationCycle[];
    const past = cycles.find((c) => !c.current)!;
    const current = cycles.find((c) => c.current)!;

    async function reportsHolding(name: string): Promise<string[]> {
      const holding: string[] = [];
      for (const cycle of [past, current]) {
        const answer = await fetch(
          `${runtime.url}/api/certifications/${id}/report?format=csv&cycle=${cycle.start}`,
          { headers: { authorization: `Bearer ${ada.accessToken}` } },
        );
        expect(answer.status).toBe(200);
        const rows: string[][] = parseCsv(await answer.text(), { relax_column_count: true });
        if (rows.some((row) => row.includes(name)))
          holding.push(cycle.current ? 'current' : 'past');
      }
      return holding;
    }
    expect(await reportsHolding('Moved seminar')).toEqual(['past']);

    const read = (await as(ada).get(`/api/activity/${activity.activity_id}`)).body as Activity;
    // Into the new cycle: the current cycle's report holds it, the past one does not.
    const moved = await as(ada).put(`/api/activities/${activity.activity_id}`, {
      activity_name: 'Moved seminar',
      cpe_units: 4,
      activity_date: '2025-03-01',
      version: read.version,
    });
    expect(moved).toMatchObject({ status: 200, body: { is_archived: false } });
    expect(await reportsHolding('Moved seminar')).toEqual(['current']);

    // And back: the past cycle's report again.
    const back = await as(ada).put(`/api/activities/${activity.activity_id}`, {
      activity_name: 'Moved seminar',
      cpe_units: 4,
      activity_date: '2024-07-01',
      version: (moved.body as { version: number }).version,
    });
    expect(back).toMatchObject({ status: 200, body: { is_archived: true } });
    expect(await reportsHolding('Moved seminar')).toEqual(['past']);

    // Logged afresh with a date in the closed cycle: only the past report.
    await as(ada).post('/api/activities', {
      certification_id: id,
      activity_name: 'Late entry',
      cpe_units: 1,
      activity_date: '2024-09-01',
    });
    expect(await reportsHolding('Late entry')).toEqual(['past']);
  });
});
