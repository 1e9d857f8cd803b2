/**
 * Issue 28 item 1 through the real HTTP API on each backend: a certificate
 * uploaded with the presigned POST becomes an inbox proposal (fields read
 * from its text, the file as its proof), is listed, its proof downloaded,
 * accepted crediting two certifications in one step (one activity, two
 * credits, its proof reachable from the activity), or dismissed with its
 * object; bad input stores nothing; another user's proposal is a 404.
 */
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import * as proposals from '@cpe/api/data/proposals';
import { createReportsHandlerFrom } from '@cpe/api/handlers/reports';
import { LOCAL_EVIDENCE_BUCKET } from '@cpe/local';
import { ManualClock } from '@cpe/local/clock';
import { API_MESSAGES, type Activity, type DownloadLink, type Proposal } from '@cpe/shared';
import { decodeJwt } from 'jose';
import { activitiesOf, bodyOf, createCertification, uploadFile } from '../support/api';
import { sql } from '../support/data-api';
import { handlerDeps } from '../support/handler-deps';
import { CERTIFICATE, certificatePdf } from '../support/inbound-mail';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { type TestUser, api, createUser } from '../support/users';

describe.each(backendNames())('the inbox on %s', (backend) => {
  let runtime: TestRuntime;
  let ada: TestUser;
  let eve: TestUser;
  let cissp: string;
  let ccsp: string;
  let pdf: Uint8Array;

  const as = (user: TestUser) => api(runtime, user.accessToken);
  const subOf = (user: TestUser) => String(decodeJwt(user.accessToken).sub);
  const s3 = () =>
    new S3Client({
      region: 'ap-southeast-2',
      endpoint: `${runtime.url}/_aws/s3`,
      forcePathStyle: true,
      credentials: runtime.credentials,
    });
  async function keysUnder(prefix: string): Promise<string[]> {
    const out = await s3().send(
      new ListObjectsV2Command({ Bucket: LOCAL_EVIDENCE_BUCKET, Prefix: prefix }),
    );
    return (out.Contents ?? []).map((o) => o.Key ?? '').sort();
  }
  async function count(table: 'activities' | 'files' | 'proposals'): Promise<number> {
    return Number((await sql(runtime, `select count(*) as n from ${table}`))[0]!.n);
  }

  const upload = async (user: TestUser, name: string, bytes: Uint8Array) =>
    (await uploadFile(as(user), { bytes, name })).upload_id;

  async function proposalFromUpload(user = ada): Promise<Proposal> {
    const uploadId = await upload(user, 'SANS certificate.pdf', pdf);
    return bodyOf(await as(user).post<Proposal>('/api/proposals', { upload_id: uploadId }), 201);
  }

  const acceptBody = (extra: Record<string, unknown> = {}) => ({
    certification_id: cissp,
    activity_name: 'Secure Code Review',
    provider: 'SANS Institute',
    cpe_units: 6,
    activity_date: '2026-02-10',
    category: 'group-a',
    credits: [{ certification_id: ccsp, category: 'group-b' }],
    ...extra,
  });

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
    [ada, eve] = await Promise.all([createUser(runtime), createUser(runtime)]);
    const make = async (name: string, catalogueId: string) => {
      const cert = await createCertification(as(ada), {
        certification_name: name,
        catalogue_id: catalogueId,
        earned_date: '2024-03-01',
        expiry_date: '2027-03-01',
        cpe_needed: null,
        verification_link: null,
      });
      return cert.certification_id;
    };
    cissp = await make('CISSP', 'isc2-cissp');
    ccsp = await make('CCSP', 'isc2-ccsp');
    pdf = await certificatePdf(CERTIFICATE);
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  it('turns an uploaded certificate into a proposal with the fields its text gives and the file as proof', async () => {
    const uploadId = await upload(ada, 'SANS certificate.pdf', pdf);
    const made = await as(ada).post('/api/proposals', { upload_id: uploadId });
    expect(made.status).toBe(201);
    const proposal = made.body as Proposal;
    expect(proposal).toMatchObject({
      source: 'upload',
      source_label: 'Upload: SANS certificate.pdf',
      fields: { provider: 'SANS Institute', activity_date: '2026-02-10', cpe_units: 6 },
      has_proof: true,
      proof: {
        file_name: 'SANS certificate.pdf',
        content_type: 'application/pdf',
        size: pdf.byteLength,
      },
    });
    // The upload is used up: its pending object is gone and it cannot make a second proposal.
    expect(await keysUnder(`users/${subOf(ada)}/uploads/${uploadId}`)).toEqual([]);
    const again = await as(ada).post('/api/proposals', { upload_id: uploadId });
    expect(again).toMatchObject({
      status: 400,
      body: { errors: { upload_id: API_MESSAGES.uploadMissing } },
    });

    const listed = await as(ada).get('/api/proposals');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([proposal]);

    const link = await as(ada).get(`/api/proposals/${proposal.proposal_id}/proof`);
    expect(link.status).toBe(200);
    const download = await fetch((link.body as DownloadLink).url);
    expect(download.headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''SANS%20certificate.pdf",
    );
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(new Uint8Array(pdf));

    expect((await as(ada).delete(`/api/proposals/${proposal.proposal_id}`)).status).toBe(204);
  });

  it("refuses a file that is not what it declared, and another user's upload", async () => {
    const fake = Buffer.from('MZ this is a program, not a PDF');
    const uploadId = await upload(ada, 'fake.pdf', fake);
    const refused = await as(ada).post('/api/proposals', { upload_id: uploadId });
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.body as { errors: object }).errors)).toEqual(['upload_id']);
    expect((refused.body as { errors: { upload_id: string } }).errors.upload_id).toContain(
      'fake.pdf',
    );
    const adas = await upload(ada, 'certificate.pdf', pdf);
    const stolen = await as(eve).post('/api/proposals', { upload_id: adas });
    expect(stolen).toMatchObject({
      status: 400,
      body: { errors: { upload_id: API_MESSAGES.uploadMissing } },
    });
    expect(await count('proposals')).toBe(0);
    expect(await keysUnder(`users/${subOf(ada)}/proposals/`)).toEqual([]);
  });

  it('accepts crediting two certifications: one activity, two credits, its proof in both', async () => {
    const proposal = await proposalFromUpload();
    const accepted = await as(ada).post(
      `/api/proposals/${proposal.proposal_id}/accept`,
      acceptBody(),
    );
    expect(accepted.status).toBe(201);
    const activity = accepted.body as Activity;
    expect(activity).toMatchObject({
      certification_id: cissp,
      activity_name: 'Secure Code Review',
      cpe_units: 6,
      category: 'group-a',
      has_proof: true,
      files: [
        {
          file_name: 'SANS certificate.pdf',
          content_type: 'application/pdf',
          size: pdf.byteLength,
        },
      ],
    });
    expect(activity.credits).toEqual([
      expect.objectContaining({ certification_id: cissp, cpe_units: 6, category: 'group-a' }),
      expect.objectContaining({ certification_id: ccsp, cpe_units: 6, category: 'group-b' }),
    ]);

    // Listed under both certifications, with its proof.
    for (const certificationId of [cissp, ccsp]) {
      const listed = await activitiesOf(as(ada), certificationId);
      expect(listed).toEqual([
        expect.objectContaining({ activity_id: activity.activity_id, has_proof: true }),
      ]);
    }
    const fileId = activity.files[0]!.file_id;
    const link = await as(ada).get(`/api/files/${fileId}`);
    const download = await fetch((link.body as DownloadLink).url);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(new Uint8Array(pdf));

    // The proof now lives at the activity's file key; the proposal and its object are gone.
    const stored = await sql(
      runtime,
      'select object_key from files where file_id = cast(:id as uuid)',
      { id: fileId },
    );
    expect(String(stored[0]!.object_key)).toMatch(
      new RegExp(`^users/${subOf(ada)}/files/${proposal.proposal_id}/[0-9a-f-]{36}$`),
    );
    expect(await keysUnder(`users/${subOf(ada)}/proposals/`)).toEqual([]);
    expect(await keysUnder(`users/${subOf(ada)}/files/${proposal.proposal_id}/`)).toEqual([
      stored[0]!.object_key,
    ]);
    expect((await as(ada).get('/api/proposals')).body).toEqual([]);
    expect(
      (await as(ada).post(`/api/proposals/${proposal.proposal_id}/accept`, acceptBody())).status,
    ).toBe(404);

    expect((await as(ada).delete(`/api/activities/${activity.activity_id}`)).status).toBe(204);
  });

  it('refuses bad input 400 naming the field, and stores nothing', async () => {
    const proposal = await proposalFromUpload();
    const path = `/api/proposals/${proposal.proposal_id}/accept`;
    const before = {
      activities: await count('activities'),
      files: await count('files'),
      keys: await keysUnder(`users/${subOf(ada)}/`),
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ activity_name: '' }, 'activity_name'],
      [{ activity_date: '2026-02-30' }, 'activity_date'],
      [{ cpe_units: -1 }, 'cpe_units'],
      [{ category: 'group-z' }, 'category'],
      [{ credits: [{ certification_id: ccsp, category: 'not-a-group' }] }, 'credits.0.category'],
      [{ credits: [{ certification_id: ccsp, cpe_units: 60 }] }, 'credits.0.cpe_units'],
      [
        { credits: [{ certification_id: '00000000-0000-4000-8000-000000000000' }] },
        'credits.0.certification_id',
      ],
      [{ certification_id: 'not-an-id' }, 'certification_id'],
    ];
    for (const [change, field] of cases) {
      const answer = await as(ada).post(path, acceptBody(change));
      expect({ change, status: answer.status }).toEqual({ change, status: 400 });
      expect({ change, fields: Object.keys((answer.body as { errors: object }).errors) }).toEqual({
        change,
        fields: [field],
      });
    }
    // Eve's certification as the primary one is not Ada's to credit.
    const eves = await createCertification(as(eve), {
      certification_name: 'CISM',
      earned_date: '2024-01-01',
      expiry_date: null,
      cpe_needed: 20,
      verification_link: null,
    });
    const foreign = await as(ada).post(
      path,
      acceptBody({
        certification_id: eves.certification_id,
      }),
    );
    expect(foreign).toMatchObject({
      status: 400,
      body: { errors: { certification_id: API_MESSAGES.creditNotYours } },
    });

    expect(await count('activities')).toBe(before.activities);
    expect(await count('files')).toBe(before.files);
    expect(await keysUnder(`users/${subOf(ada)}/`)).toEqual(before.keys);
    expect((await as(ada).get('/api/proposals')).body).toEqual([proposal]);
    expect((await as(ada).delete(`/api/proposals/${proposal.proposal_id}`)).status).toBe(204);
  });

  it("answers 404 for another user's proposal, and leaves it be", async () => {
    const proposal = await proposalFromUpload();
    const id = proposal.proposal_id;
    expect((await as(eve).get('/api/proposals')).body).toEqual([]);
    expect((await as(eve).get(`/api/proposals/${id}/proof`)).status).toBe(404);
    expect((await as(eve).delete(`/api/proposals/${id}`)).status).toBe(404);
    const eveCert = await createCertification(as(eve), {
      certification_name: 'CISSP',
      earned_date: '2024-01-01',
      expiry_date: null,
      cpe_needed: 40,
      verification_link: null,
    });
    const stolen = await as(eve).post(`/api/proposals/${id}/accept`, {
      ...acceptBody(),
      certification_id: eveCert.certification_id,
      credits: [],
      category: null,
    });
    expect(stolen.status).toBe(404);
    expect((await as(ada).get('/api/proposals')).body).toEqual([proposal]);
    expect(await keysUnder(`users/${subOf(ada)}/proposals/`)).toEqual([
      `users/${subOf(ada)}/proposals/${id}`,
    ]);
    expect((await as(ada).delete(`/api/proposals/${id}`)).status).toBe(204);
  });

  it('dismisses a proposal with its object; a second dismiss is a 404', async () => {
    const proposal = await proposalFromUpload();
    const id = proposal.proposal_id;
    expect(await keysUnder(`users/${subOf(ada)}/proposals/`)).toHaveLength(1);
    expect((await as(ada).delete(`/api/proposals/${id}`)).status).toBe(204);
    expect(await keysUnder(`users/${subOf(ada)}/proposals/`)).toEqual([]);
    expect((await as(ada).get('/api/proposals')).body).toEqual([]);
    expect((await as(ada).delete(`/api/proposals/${id}`)).status).toBe(404);
  });

  it('accepts a proposal without proof as an activity without files; two accepts at once make one', async () => {
    const db = handlerDeps(runtime, { clock: new ManualClock(new Date()) }).db;
    const id = await proposals.insertProposal(db, subOf(ada), {
      source: 'import',
      source_label: 'Import: activities.csv, row 2',
      fields: { activity_name: 'Zero Trust Workshop', cpe_units: 2 },
    });
    const before = await count('activities');
    const body = acceptBody({ activity_name: 'Zero Trust Workshop', cpe_units: 2, credits: [] });
    const answers = await Promise.all([
      as(ada).post(`/api/proposals/${id}/accept`, body),
      as(ada).post(`/api/proposals/${id}/accept`, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 404]);
    const created = answers.find((a) => a.status === 201)!.body as Activity;
    expect(created).toMatchObject({ has_proof: false, files: [] });
    expect(await count('activities')).toBe(before + 1);
    expect((await as(ada).delete(`/api/activities/${created.activity_id}`)).status).toBe(204);
  });

  it("proposes a certificate dated the holder's today in the time zone of their settings, though UTC's is still the day before", async () => {
    const [kit, uta] = await Promise.all([createUser(runtime), createUser(runtime)]);
    const saved = await as(kit).put('/api/account/settings', { time_zone: 'Pacific/Kiritimati' });
    expect(saved.status).toBe(200);
    // 12:00 UTC on 9 February is 02:00 on 10 February, the certificate's date, in Kiritimati.
    const handler = createReportsHandlerFrom(
      handlerDeps(runtime, { clock: new ManualClock('2026-02-09T12:00:00Z') }),
    );
    const proposed = async (holder: TestUser) => {
      const uploadId = await upload(holder, 'SANS certificate.pdf', pdf);
      const answer = await handler({
        resource: '/api/proposals',
        httpMethod: 'POST',
        headers: {},
        queryStringParameters: null,
        pathParameters: null,
        body: JSON.stringify({ upload_id: uploadId }),
        isBase64Encoded: false,
        requestContext: { requestId: 'kiritimati', authorizer: { claims: { sub: subOf(holder) } } },
      } as unknown as Parameters<typeof handler>[0]);
      expect(answer.statusCode).toBe(201);
      return (JSON.parse(answer.body) as Proposal).fields;
    };

    expect(await proposed(kit)).toMatchObject({
      provider: 'SANS Institute',
      cpe_units: 6,
      activity_date: '2026-02-10',
    });
    // A holder with no time zone chosen is on UTC's 9 February: the date is in their future.
    expect(await proposed(uta)).toMatchObject({
      provider: 'SANS Institute',
      cpe_units: 6,
      activity_date: null,
    });
  });
});
