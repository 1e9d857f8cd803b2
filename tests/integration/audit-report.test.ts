/**
 * GET /api/certifications/{id}/report through the local gateway on each
 * backend: the CISSP report as CSV and PDF (its extracted text lists the
 * activity), the audit packet with the PDF and the proof files byte for byte,
 * a past cycle by `cycle=`, another user's certification (404) and a bad
 * format (400 naming it), a large report by link under downloads/ that the
 * bucket's lifecycle rule expires; and POST /api/uploads/{id}/proposal from
 * a certificate made here with pdf-lib.
 */
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { createS3Storage } from '@cpe/api/aws/s3';
import { DOWNLOADS_EXPIRATION } from '@cpe/api/functions';
import {
  REPORT_LINK_SECONDS,
  createReportsHandler,
  createReportsHandlerFrom,
} from '@cpe/api/handlers/reports';
import { LOCAL_EVIDENCE_BUCKET, ManualClock, systemClock } from '@cpe/local';
import type { ActivityProposal, DownloadLink } from '@cpe/shared';
import { decodeJwt } from 'jose';
import { createActivity, createCertification, uploadFile } from '../support/api';
import { sql } from '../support/data-api';
import { expected } from '../support/expected';
import { awsFor, handlerDeps } from '../support/handler-deps';
import { CERTIFICATE, certificatePdf } from '../support/inbound-mail';
import { pdfText } from '../support/pdf';
import {
  type TestRuntime,
  backendNames,
  runS3Lifecycle,
  startTestRuntime,
} from '../support/runtime';
import { type TestUser, api, createUser } from '../support/users';

/** Uploads bytes as the caller (presigned POST) and answers the upload id. */
const upload = async (runtime: TestRuntime, user: TestUser, name: string, bytes: Uint8Array) =>
  (await uploadFile(api(runtime, user.accessToken), { bytes, name })).upload_id;

/** The report as bytes, with the Accept header a browser's download code sends. */
async function report(runtime: TestRuntime, user: TestUser, query: string, accept: string) {
  const response = await fetch(`${runtime.url}/api/certifications/${query}`, {
    headers: { authorization: `Bearer ${user.accessToken}`, accept },
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe.each(backendNames())('audit reports on %s', (backend) => {
  let runtime: TestRuntime;
  let user: TestUser;
  let other: TestUser;
  let certificationId: string;
  let certificate: Uint8Array;
  let proofUploadId: string;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
    [user, other] = await Promise.all([createUser(runtime), createUser(runtime)]);
    const you = api(runtime, user.accessToken);
    const cert = await createCertification(you, {
      certification_name: 'CISSP',
      catalogue_id: 'isc2-cissp',
      earned_date: '2023-03-01',
      expiry_date: '2026-03-01',
      cpe_needed: null,
      verification_link: null,
    });
    certificationId = cert.certification_id;
    const activity = await createActivity(you, {
      certification_id: certificationId,
      activity_name: 'Cloud Security Summit',
      description: 'Keynotes on zero trust',
      cpe_units: 4,
      activity_date: '2025-05-14',
      provider: 'Cloud Security Alliance',
      category: 'group-a',
    });
    const activityId = activity.activity_id;
    certificate = await certificatePdf(['Certificate of Completion', 'Cloud Security Summit']);
    proofUploadId = await upload(runtime, user, 'certificate.pdf', certificate);
    const attached = await you.post(`/api/activities/${activityId}/files`, {
      upload_id: proofUploadId,
    });
    expect(attached.status).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await runtime.destroy();
  });

  const storage = () => createS3Storage(awsFor(runtime), LOCAL_EVIDENCE_BUCKET);
  /** The object key a presigned GET of the evidence bucket names. */
  const keyOf = (url: string) =>
    decodeURIComponent(new URL(url).pathname).split(`/${LOCAL_EVIDENCE_BUCKET}/`)[1]!;

  it('downloads the CISSP report as CSV listing the activity', async () => {
    const { response, bytes } = await report(
      runtime,
      user,
      `${certificationId}/report?format=csv`,
      'text/csv',
    );

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain(
      'CISSP-2023-03-01-audit-report.csv',
    );
    const rows: string[][] = parse(Buffer.from(bytes), { bom: true, relax_column_count: true });
    expect(rows).toContainEqual([
      '1',
      '2025-05-14',
      'Cloud Security Summit',
      'Cloud Security Alliance',
      'Group A (domain-related)',
      '4',
      '4',
      'Keynotes on zero trust',
      '01-2025-05-14-cloud-security-summit-certificate.pdf',
    ]);
    expect(rows).toContainEqual([
      'Body',
      'ISC2 (Certified Information Systems Security Professional)',
    ]);
  });

  it('downloads it as a PDF whose text lists the activity', async () => {
    const { response, bytes } = await report(
      runtime,
      user,
      `${certificationId}/report?format=pdf`,
      'application/pdf',
    );

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Cloud Security Summit');
    expect(text).toContain('2025-05-14');
    expect(text).toContain('01-2025-05-14-cloud-security-summit-certificate.pdf');
  });

  it('names the holder by the name given on the account page, next to the email, in CSV, PDF and packet', async () => {
    const holderRow = async () => {
      const { bytes } = await report(
        runtime,
        user,
        `${certificationId}/report?format=csv`,
        'text/csv',
      );
      const rows: string[][] = parse(Buffer.from(bytes), { bom: true, relax_column_count: true });
      return rows.find((r) => r[0] === 'Holder');
    };
    const email = user.email;
    expect(await holderRow()).toEqual(['Holder', email]);

    const settings = (body: object) =>
      fetch(`${runtime.url}/api/account/settings`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${user.accessToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    expect((await settings({ holder_name: 'Ada Zoë Lovelace' })).status).toBe(200);
    expect(await holderRow()).toEqual(['Holder', `Ada Zoë Lovelace (${email})`]);
    const pdf = await report(
      runtime,
      user,
      `${certificationId}/report?format=pdf`,
      'application/pdf',
    );
    expect(await pdfText(pdf.bytes)).toContain(`Ada Zoë Lovelace (${email})`);
    const zip = unzipSync(
      (await report(runtime, user, `${certificationId}/report?format=zip`, 'application/zip'))
        .bytes,
    );
    expect(await pdfText(zip['CISSP-2023-03-01-audit-report.pdf']!)).toContain(
      `Ada Zoë Lovelace (${email})`,
    );

    expect((await settings({ holder_name: null })).status).toBe(200);
    expect(await holderRow()).toEqual(['Holder', email]);
  });

  it('prints the member ID given on the certification in CSV and PDF; an update without it keeps it, null clears it', async () => {
    const you = api(runtime, user.accessToken);
    const memberRow = async () => {
      const { bytes } = await report(
        runtime,
        user,
        `${certificationId}/report?format=csv`,
        'text/csv',
      );
      const rows: string[][] = parse(Buffer.from(bytes), { bom: true, relax_column_count: true });
      return rows.find((r) => r[0] === 'Member ID');
    };
    const put = async (extra: object) => {
      const current = await you.get(`/api/certification/${certificationId}`);
      const [{ version }] = current.body as [{ version: number }];
      return you.put(`/api/certifications/${certificationId}`, {
        certification_name: 'CISSP',
        earned_date: '2023-03-01',
        expiry_date: '2026-03-01',
        cpe_needed: null,
        verification_link: null,
        version,
        ...extra,
      });
    };
    expect(await memberRow()).toBeUndefined();

    const set = await put({ member_id: '  \u202e123456  ' });
    expect({ status: set.status, body: set.body }).toMatchObject({
      status: 200,
      body: { member_id: '123456' },
    });
    expect(await memberRow()).toEqual(['Member ID', '123456']);
    const pdf = await report(
      runtime,
      user,
      `${certificationId}/report?format=pdf`,
      'application/pdf',
    );
    expect(await pdfText(pdf.bytes)).toContain('Member ID 123456');

    expect((await put({})).status).toBe(200);
    expect(await memberRow()).toEqual(['Member ID', '123456']);
    const [stored] = await sql(
      runtime,
      'select member_id from certifications where certification_id = cast(:id as uuid)',
      { id: certificationId },
    );
    expect(stored).toEqual({ member_id: '123456' });

    const tooLong = await put({ member_id: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('member_id');
    const twoLines = await put({ member_id: '123\n456' });
    expect(twoLines.status).toBe(400);

    expect((await put({ member_id: null })).status).toBe(200);
    expect(await memberRow()).toBeUndefined();
  });

  it('prints the day first certified of a renewed certification in CSV and PDF, and none for a first cycle', async () => {
    const renewed = await createCertification(api(runtime, user.accessToken), {
      certification_name: 'CIA',
      catalogue_id: 'iia-cia',
      earned_date: '2026-01-01',
      expiry_date: '2026-12-31',
      cpe_needed: null,
      verification_link: null,
      certified_on: '2019-06-01',
    });
    const csvRows = async (id: string): Promise<string[][]> => {
      const { response, bytes } = await report(
        runtime,
        user,
        `${id}/report?format=csv`,
        'text/csv',
      );
      expect(response.status).toBe(200);
      return parse(Buffer.from(bytes), { bom: true, relax_column_count: true });
    };

    const rows = await csvRows(renewed.certification_id);
    const cycle = rows.findIndex((r) => r[0] === 'Cycle');
    expect(rows.slice(cycle, cycle + 2)).toEqual([
      ['Cycle', '2026-01-01 to 2026-12-31'],
      ['First certified', '2019-06-01'],
    ]);
    // Not a new holder: the IIA's two credited years do not apply.
    expect(rows).toContainEqual(['Cycle', '0', '40', 'short']);
    const pdf = await report(
      runtime,
      user,
      `${renewed.certification_id}/report?format=pdf`,
      'application/pdf',
    );
    expect(await pdfText(pdf.bytes)).toContain('First certified 2019-06-01');

    expect((await csvRows(certificationId)).filter((r) => r[0] === 'First certified')).toEqual([]);
    const first = await report(
      runtime,
      user,
      `${certificationId}/report?format=pdf`,
      'application/pdf',
    );
    expect(await pdfText(first.bytes)).not.toContain('First certified');
  });

  it('answers the base64 text, as API Gateway would, when Accept does not ask for PDF first', async () => {
    const { response, bytes } = await report(
      runtime,
      user,
      `${certificationId}/report?format=pdf`,
      '*/*',
    );
    expect(response.status).toBe(200);
    expect(Buffer.from(Buffer.from(bytes).toString(), 'base64').subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
  });

  it('packs the PDF and the proof files byte for byte', async () => {
    const { response, bytes } = await report(
      runtime,
      user,
      `${certificationId}/report?format=zip`,
      'application/zip',
    );

    expect(response.status).toBe(200);
    const zip = unzipSync(bytes);
    expect(Object.keys(zip).sort()).toEqual([
      '01-2025-05-14-cloud-security-summit-certificate.pdf',
      'CISSP-2023-03-01-audit-report.pdf',
    ]);
    expect(Buffer.from(zip['01-2025-05-14-cloud-security-summit-certificate.pdf']!)).toEqual(
      Buffer.from(certificate),
    );
    expect(await pdfText(zip['CISSP-2023-03-01-audit-report.pdf']!)).toContain(
      'Cloud Security Summit',
    );
  });

  it('reports a past cycle named by its start date after a renewal', async () => {
    const you = api(runtime, user.accessToken);
    // The cycle meets ISC2's rules (120 CPEs, 90 of them Group A), so it renews.
    const more = await you.post('/api/activities', {
      certification_id: certificationId,
      activity_name: 'Security conference',
      cpe_units: 116,
      activity_date: '2025-06-01',
      provider: 'ISC2',
      category: 'group-a',
    });
    expect(more.status).toBe(201);
    const renewed = await you.put(`/api/renewCertification/${certificationId}`, {
      expiry_date: '2026-03-01',
    });
    expect(renewed.status).toBe(200);

    const current = await report(runtime, user, `${certificationId}/report?format=csv`, 'text/csv');
    const past = await report(
      runtime,
      user,
      `${certificationId}/report?format=csv&cycle=2023-03-01`,
      'text/csv',
    );

    expect(Buffer.from(current.bytes).toString()).not.toContain('Cloud Security Summit');
    // The next cycle starts the day after the old one ends.
    expect(Buffer.from(current.bytes).toString()).toContain('2026-03-02 to 2029-03-01');
    expect(past.response.status).toBe(200);
    expect(Buffer.from(past.bytes).toString()).toContain('Cloud Security Summit');
    expect(Buffer.from(past.bytes).toString()).toContain('2023-03-01 to 2026-03-01');
  });

  it('stores a report over the inline limit and answers a link that downloads it', async () => {
    const handler = createReportsHandler({
      ...handlerDeps(runtime, { clock: systemClock }),
      proposer: { propose: () => Promise.reject(new Error('not used')) },
      inlineMaxBytes: 100,
    });
    const sub = (
      JSON.parse(Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString()) as {
        sub: string;
      }
    ).sub;

    const answer = await handler({
      resource: '/api/certifications/{id}/report',
      httpMethod: 'GET',
      headers: {},
      queryStringParameters: { format: 'pdf', cycle: '2023-03-01' },
      pathParameters: { id: certificationId },
      body: null,
      isBase64Encoded: false,
      requestContext: { requestId: 'large', authorizer: { claims: { sub } } },
    } as unknown as Parameters<typeof handler>[0]);

    expect(answer.statusCode).toBe(200);
    const { url } = JSON.parse(answer.body) as DownloadLink;
    const key = keyOf(url);
    expect(key).toMatch(
      new RegExp(`^downloads/${sub}/[0-9a-f-]{36}/CISSP-2023-03-01-audit-report\\.pdf$`),
    );
    // The link works minutes; the object is kept a day at least.
    expect(Number(new URL(url).searchParams.get('X-Amz-Expires'))).toBe(REPORT_LINK_SECONDS);
    expect(REPORT_LINK_SECONDS * 24).toBeLessThanOrEqual(DOWNLOADS_EXPIRATION.days * 86_400);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(
      'CISSP-2023-03-01-audit-report.pdf',
    );
    expect(await pdfText(new Uint8Array(await download.arrayBuffer()))).toContain(
      'Cloud Security Summit',
    );
    expect(await storage().head(key)).toBeDefined();
  });

  it("expires a stored report with the bucket's daily lifecycle run a day after it was written", async () => {
    const you = api(runtime, user.accessToken);
    const cert = await createCertification(you, {
      certification_name: 'CCSP',
      earned_date: '2025-01-01',
      expiry_date: '2028-01-01',
      cpe_needed: 90,
    });
    const handler = createReportsHandler({
      ...handlerDeps(runtime, { clock: systemClock }),
      proposer: { propose: () => Promise.reject(new Error('not used')) },
      inlineMaxBytes: 10,
    });
    const sub = String(decodeJwt(user.accessToken).sub);
    const proof = `users/${sub}/uploads/kept-by-the-rule`;
    await storage().put(proof, new Uint8Array([1]), 'application/pdf');
    const written = Date.now();

    const answer = await handler({
      resource: '/api/certifications/{id}/report',
      httpMethod: 'GET',
      headers: {},
      queryStringParameters: { format: 'csv' },
      pathParameters: { id: cert.certification_id },
      body: null,
      isBase64Encoded: false,
      requestContext: { requestId: 'expiring', authorizer: { claims: { sub } } },
    } as unknown as Parameters<typeof handler>[0]);

    expect(answer.statusCode).toBe(200);
    const key = keyOf((JSON.parse(answer.body) as DownloadLink).url);
    expect(key.startsWith(`downloads/${sub}/`)).toBe(true);
    // S3 counts a day from creation, rounded up to midnight UTC: not a minute short of a day ...
    await runS3Lifecycle(runtime, new Date(written + 86_400_000 - 60_000));
    expect(await storage().head(key)).toBeDefined();
    // ... but by the second midnight it is gone; nothing under users/ goes with it.
    await runS3Lifecycle(runtime, new Date(written + 2 * 86_400_000));
    expect(await storage().head(key)).toBeUndefined();
    expect(await storage().head(proof)).toBeDefined();
  });

  it('reads 150 activities with long descriptions in pages under the Data API limits, the same report', async () => {
    const you = api(runtime, user.accessToken);
    const cert = await createCertification(you, {
      certification_name: 'CISM',
      earned_date: '2025-01-01',
      expiry_date: '2028-01-01',
      cpe_needed: 120,
    });
    const id = cert.certification_id;
    await sql(
      runtime,
      `with a as (
         insert into activities (certification_id, activity_name, description, cpe_units, activity_date)
         select cast(:id as uuid), 'Seminar ' || n, repeat('Notes on risk, ' || n || '. ', 120), 1,
                date '2025-01-01' + n
           from generate_series(1, 150) as n
         returning activity_id, certification_id, cpe_units, activity_date)
       insert into activity_credits (activity_id, certification_id, cpe_units, activity_date)
       select activity_id, certification_id, cpe_units, activity_date from a`,
      { id },
    );
    const sub = (
      JSON.parse(Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString()) as {
        sub: string;
      }
    ).sub;
    const csvWith = async (pageBytes?: number) => {
      const handler = createReportsHandler({
        ...handlerDeps(runtime, { clock: systemClock }),
        proposer: { propose: () => Promise.reject(new Error('not used')) },
        ...(pageBytes ? { pageBytes } : {}),
      });
      const answer = await handler({
        resource: '/api/certifications/{id}/report',
        httpMethod: 'GET',
        headers: {},
        queryStringParameters: { format: 'csv' },
        pathParameters: { id },
        body: null,
        isBase64Encoded: false,
        requestContext: { requestId: 'paged', authorizer: { claims: { sub } } },
      } as unknown as Parameters<typeof handler>[0]);
      expect(answer.statusCode).toBe(200);
      return answer.body;
    };

    const whole = await csvWith();
    const paged = await csvWith(20_000);

    const rows: string[][] = parse(whole, { bom: true, relax_column_count: true });
    expect(rows.filter((r) => /^Seminar \d+$/.test(r[2] ?? ''))).toHaveLength(150);
    expect(paged).toBe(whole);
  });

  it("answers 404 for another user's certification and 400 naming a bad format or cycle", async () => {
    const theirs = await api(runtime, other.accessToken).get(
      `/api/certifications/${certificationId}/report?format=pdf`,
    );
    const badFormat = await api(runtime, user.accessToken).get(
      `/api/certifications/${certificationId}/report?format=docx`,
    );
    const noFormat = await api(runtime, user.accessToken).get(
      `/api/certifications/${certificationId}/report`,
    );
    const badCycle = await api(runtime, user.accessToken).get(
      `/api/certifications/${certificationId}/report?format=csv&cycle=2001-01-01`,
    );

    expect(theirs.status).toBe(404);
    expect(badFormat).toMatchObject({
      status: 400,
      body: { errors: { format: expected.any(String) } },
    });
    expect(noFormat).toMatchObject({
      status: 400,
      body: { errors: { format: expected.any(String) } },
    });
    expect(badCycle).toMatchObject({
      status: 400,
      body: { errors: { cycle: expected.any(String) } },
    });
  });

  it('proposes an activity from an uploaded certificate, and nothing from another user', async () => {
    const bytes = await certificatePdf([
      'Certificate of Completion',
      'This certifies that Ada Lovelace',
      'has successfully completed',
      'Threat Modelling Masterclass',
      'Presented by OWASP Sydney',
      'March 3, 2026',
      '4 CPE hours',
    ]);
    const uploadId = await upload(runtime, user, 'threat-modelling.pdf', bytes);

    const mine = await api(runtime, user.accessToken).post(`/api/uploads/${uploadId}/proposal`);
    const theirs = await api(runtime, other.accessToken).post(`/api/uploads/${uploadId}/proposal`);

    expect(mine).toMatchObject({
      status: 200,
      body: {
        proposal: {
          activity_name: 'Threat Modelling Masterclass',
          provider: 'OWASP Sydney',
          activity_date: '2026-03-03',
          cpe_units: 4,
        },
      },
    });
    expect(theirs.status).toBe(404);
  });

  it("proposes a certificate dated the holder's today in the time zone of their settings, though UTC's is still the day before", async () => {
    const [kit, uta] = await Promise.all([createUser(runtime), createUser(runtime)]);
    const saved = await api(runtime, kit.accessToken).put('/api/account/settings', {
      time_zone: 'Pacific/Kiritimati',
    });
    expect(saved.status).toBe(200);
    // 12:00 UTC on 9 February is 02:00 on 10 February, the certificate's date, in Kiritimati.
    const handler = createReportsHandlerFrom(
      handlerDeps(runtime, { clock: new ManualClock('2026-02-09T12:00:00Z') }),
    );
    const proposed = async (holder: TestUser) => {
      const uploadId = await upload(
        runtime,
        holder,
        'certificate.pdf',
        await certificatePdf(CERTIFICATE),
      );
      const answer = await handler({
        resource: '/api/uploads/{id}/proposal',
        httpMethod: 'POST',
        headers: {},
        queryStringParameters: null,
        pathParameters: { id: uploadId },
        body: null,
        isBase64Encoded: false,
        requestContext: {
          requestId: 'kiritimati',
          authorizer: { claims: { sub: String(decodeJwt(holder.accessToken).sub) } },
        },
      } as unknown as Parameters<typeof handler>[0]);
      expect(answer.statusCode).toBe(200);
      return (JSON.parse(answer.body) as { proposal: ActivityProposal }).proposal;
    };

    expect(await proposed(kit)).toMatchObject({
      provider: 'SANS Institute',
      cpe_units: 6,
      activity_date: '2026-02-10',
    });
    // A holder with no time zone chosen is on UTC's 9 February: the date is in their future.
    const utas = await proposed(uta);
    expect(utas).toMatchObject({ provider: 'SANS Institute', cpe_units: 6 });
    expect(utas.activity_date).toBeUndefined();
  });

  it('proposes from a certificate whose text holds a line of 90,000 dots (steps bounded in linear-time.test.ts)', async () => {
    const bytes = await certificatePdf([
      'Certificate of Completion',
      'has successfully completed',
      'Secure Coding Workshop',
      '.'.repeat(90_000),
      '4 CPE hours',
    ]);
    const uploadId = await upload(runtime, user, 'dots.pdf', bytes);

    const answer = await api(runtime, user.accessToken).post(`/api/uploads/${uploadId}/proposal`);

    expect(answer).toMatchObject({
      status: 200,
      body: { proposal: { activity_name: 'Secure Coding Workshop', cpe_units: 4 } },
    });
  });

  it('proposes nothing from a file without text', async () => {
    const blank = await (async () => {
      const doc = await PDFDocument.create();
      doc.addPage();
      return doc.save();
    })();
    const uploadId = await upload(runtime, user, 'scan.pdf', blank);

    const answer = await api(runtime, user.accessToken).post(`/api/uploads/${uploadId}/proposal`);

    expect(answer).toMatchObject({ status: 200, body: { proposal: {} } });
  });
});
