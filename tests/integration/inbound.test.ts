/**
 * Forwarding by email end to end on the local runtime: `POST /_dev/inbound`
 * stores a raw message as SES's S3 action would and invokes the inbound
 * function (a worker running its Lambda bundle) with an SES receipt event.
 * What users see (the answer, their proposals, the confirmation in the
 * outbox) and what is stored (rows, proof objects, no raw message left) are
 * checked, as is everything refused storing nothing and mailing no one.
 */
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { createS3Storage } from '@cpe/api/aws/s3';
import { buildHandler } from '@cpe/api/handlers';
import { LOCAL_EVIDENCE_BUCKET, ManualClock, systemClock } from '@cpe/local';
import { decodeJwt } from 'jose';
import { sql } from '../support/data-api';
import { CERTIFICATE, certificatePdf, rfc822, textOfPdf } from '../support/inbound-mail';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { expected } from '../support/expected';
import { handlerDeps } from '../support/handler-deps';
import { type TestUser, api, createUser } from '../support/users';

describe.each(backendNames())('forwarding by email on %s', (backend) => {
  let runtime: TestRuntime;
  let ann: TestUser;
  let ben: TestUser;
  let pdf: Uint8Array;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
    [ann, ben] = await Promise.all([createUser(runtime), createUser(runtime)]);
    pdf = await certificatePdf(CERTIFICATE);
  }, 300_000);
  afterAll(async () => {
    await runtime.destroy();
  });

  const subOf = (user: TestUser) => String(decodeJwt(user.accessToken).sub);
  const addressOf = async (user: TestUser) => {
    const settings = await api(runtime, user.accessToken).get('/api/account/settings');
    expect(settings.status).toBe(200);
    return (settings.body as { forwarding_address: string }).forwarding_address;
  };
  const inbound = (message: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
    fetch(`${runtime.url}/_dev/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', ...headers },
      body: message,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
  const proposalsOf = (user: TestUser) =>
    sql(
      runtime,
      `select p.* , cast(p.cpe_units as text) as units, to_char(p.activity_date, 'YYYY-MM-DD') as day
         from proposals p join users u on u.user_id = p.user_id
        where u.cognito_sub = :sub order by p.created_at`,
      { sub: subOf(user) },
    );
  const mailsTo = (user: TestUser) => runtime.outbox.list().filter((m) => m.to === user.email);
  const storage = () =>
    createS3Storage(
      {
        region: 'ap-southeast-2',
        credentials: runtime.credentials,
        endpoints: { s3: `${runtime.url}/_aws/s3` },
      },
      LOCAL_EVIDENCE_BUCKET,
    );
  const keysUnder = async (prefix: string) => {
    const s3 = new S3Client({
      region: 'ap-southeast-2',
      credentials: runtime.credentials,
      endpoint: `${runtime.url}/_aws/s3`,
      forcePathStyle: true,
    });
    const listed = await s3.send(
      new ListObjectsV2Command({ Bucket: LOCAL_EVIDENCE_BUCKET, Prefix: prefix }),
    );
    return (listed.Contents ?? []).map((o) => o.Key);
  };

  /** The receipt event SES invokes the function with for the message it stored as `messageId`. */
  const sesEvent = (messageId: string, recipients: string[]) => {
    const pass = { status: 'PASS' };
    return {
      Records: [
        {
          eventSource: 'aws:ses',
          ses: {
            mail: { messageId },
            receipt: {
              recipients,
              spamVerdict: pass,
              virusVerdict: pass,
              spfVerdict: pass,
              dkimVerdict: pass,
            },
          },
        },
      ],
    };
  };

  /** Nothing of a refused message is kept and no one is mailed. */
  async function expectNothingKept(user: TestUser, before: { proposals: number; mails: number }) {
    expect(await proposalsOf(user)).toHaveLength(before.proposals);
    expect(mailsTo(user)).toHaveLength(before.mails);
    expect(await keysUnder('inbound/')).toEqual([]);
  }

  it('shows each user a private address of their own on the Account settings', async () => {
    const [a, b] = [await addressOf(ann), await addressOf(ben)];
    expect(a).toMatch(/^[a-hjkmnp-z2-9]{20}@in\.localhost$/);
    expect(b).toMatch(/^[a-hjkmnp-z2-9]{20}@in\.localhost$/);
    expect(a).not.toBe(b);
  });

  it('turns a forwarded certificate PDF into a proposal with the PDF as its proof, and mails a confirmation', async () => {
    const to = await addressOf(ann);
    const answer = await inbound(
      rfc822({
        to,
        subject: 'Your certificate: Secure Code Review',
        text: 'Thank you for attending. Your certificate is attached.',
        attachments: [{ name: 'secure-code-review.pdf', type: 'application/pdf', bytes: pdf }],
      }),
    );
    expect(answer).toMatchObject({ status: 202, body: { proposals: 1 } });

    const [proposal] = await proposalsOf(ann);
    expect(proposal).toMatchObject({
      source: 'email',
      source_label: 'Email from webinars@example.com: Your certificate: Secure Code Review',
      provider: 'SANS Institute',
      day: '2026-02-10',
      units: '6.00',
      proof_name: 'secure-code-review.pdf',
      proof_type: 'application/pdf',
      proof_size: pdf.byteLength,
    });
    const key = `users/${subOf(ann)}/proposals/${String(proposal?.proposal_id)}`;
    expect(proposal?.proof_key).toBe(key);
    expect(Buffer.from((await storage().get(key)) ?? [])).toEqual(Buffer.from(pdf));
    expect(await keysUnder('inbound/')).toEqual([]);
    // What the inbox lists.
    const inbox = await api(runtime, ann.accessToken).get('/api/proposals');
    expect(inbox.body).toEqual([
      expect.objectContaining({
        proposal_id: proposal?.proposal_id,
        source: 'email',
        fields: expected.objectContaining({ provider: 'SANS Institute', cpe_units: 6 }),
        proof: {
          file_name: 'secure-code-review.pdf',
          content_type: 'application/pdf',
          size: pdf.byteLength,
        },
      }),
    ]);

    const [mail] = mailsTo(ann);
    expect(mail?.subject).toBe('CPE Tracker: 1 activity proposed from your email');
    expect(mail?.text).toContain('secure-code-review.pdf');
    expect(mail?.text).toContain(`${runtime.url}/inbox`);
    expect(mail?.html).toContain('Secure Code Review');
  });

  it('refuses a message for an unknown address: nothing stored, no one mailed', async () => {
    const before = { proposals: (await proposalsOf(ann)).length, mails: mailsTo(ann).length };
    const answer = await inbound(
      rfc822({
        to: 'abcdefghjkmnpqrstuvw@in.localhost',
        subject: 'Certificate',
        attachments: [{ name: 'c.pdf', type: 'application/pdf', bytes: pdf }],
      }),
    );
    expect(answer).toMatchObject({
      status: 422,
      body: { message: 'Refused: No account has this forwarding address.' },
    });
    await expectNothingKept(ann, before);
    expect(runtime.outbox.list().filter((m) => m.to === 'webinars@example.com')).toEqual([]);
  });

  it.each([
    [{ 'x-ses-spam-verdict': 'FAIL' }, 'the spam verdict is FAIL'],
    [{ 'x-ses-virus-verdict': 'FAIL' }, 'the virus verdict is FAIL'],
    [
      { 'x-ses-spf-verdict': 'FAIL', 'x-ses-dkim-verdict': 'FAIL' },
      'neither SPF (FAIL) nor DKIM (FAIL) passed',
    ],
  ])('refuses a message with %j: nothing stored, no one mailed', async (headers, why) => {
    const before = { proposals: (await proposalsOf(ann)).length, mails: mailsTo(ann).length };
    const answer = await inbound(
      rfc822({
        to: await addressOf(ann),
        subject: 'Certificate',
        attachments: [{ name: 'c.pdf', type: 'application/pdf', bytes: pdf }],
      }),
      headers,
    );
    expect(answer).toMatchObject({
      status: 422,
      body: { message: `Refused: The message failed SES's checks: ${why}.` },
    });
    await expectNothingKept(ann, before);
  });

  it('accepts a message whose SPF fails when its DKIM passes (a forward)', async () => {
    const answer = await inbound(
      rfc822({
        to: await addressOf(ben),
        subject: 'Fwd: certificate',
        attachments: [{ name: 'forwarded.pdf', type: 'application/pdf', bytes: pdf }],
      }),
      { 'x-ses-spf-verdict': 'FAIL' },
    );
    expect(answer).toMatchObject({ status: 202, body: { proposals: 1 } });
    expect((await proposalsOf(ben)).map((p) => p.proof_name)).toContain('forwarded.pdf');
  });

  it('refuses too many attachments and an oversize message, telling the owner why and storing nothing', async () => {
    const before = { proposals: (await proposalsOf(ann)).length, mails: mailsTo(ann).length };
    const to = await addressOf(ann);
    const many = await inbound(
      rfc822({
        to,
        subject: 'All my certificates',
        attachments: Array.from({ length: 11 }, (_, i) => ({
          name: `c${i}.pdf`,
          type: 'application/pdf',
          bytes: pdf,
        })),
      }),
    );
    expect(many.status).toBe(422);
    expect(many.body.message).toBe(
      'Your forwarded message had 11 attachments; messages with up to 10 are read. Forward the certificates in smaller batches.',
    );

    const big = await inbound(
      rfc822({
        to,
        subject: 'Huge',
        attachments: [
          { name: 'scan.png', type: 'image/png', bytes: new Uint8Array(11 * 1024 * 1024) },
        ],
      }),
    );
    expect(big.status).toBe(422);
    expect(String(big.body.message)).toMatch(
      /^Your forwarded message was 1\d\.\d MB; messages of up to 10 MB are read/,
    );

    expect(await proposalsOf(ann)).toHaveLength(before.proposals);
    expect(await keysUnder('inbound/')).toEqual([]);
    const told = mailsTo(ann).slice(0, mailsTo(ann).length - before.mails);
    expect(told.map((m) => m.subject)).toEqual([
      'CPE Tracker: Nothing was proposed from your email',
      'CPE Tracker: Nothing was proposed from your email',
    ]);
  });

  it('proposes from the text of an e-certificate mail without attachments, with the message drawn as a PDF for its proof, which the activity keeps', async () => {
    const as = api(runtime, ben.accessToken);
    const answer = await inbound(
      rfc822({
        from: 'ISC2 Certificates <certificates@isc2.example>',
        to: await addressOf(ben),
        subject: 'Your CPE certificate',
        html: '<p>Certificate of Completion</p><p>has successfully completed</p><p>Cloud Threat Modelling</p><p>Issued by ISC2</p><p>2026-01-20</p><p>2 CPE credits</p>',
      }),
    );
    expect(answer).toMatchObject({ status: 202, body: { proposals: 1 } });

    const proposal = (await proposalsOf(ben)).find(
      (p) => p.source_label === 'Email from certificates@isc2.example: Your CPE certificate',
    );
    expect(proposal).toMatchObject({
      units: '2.00',
      day: '2026-01-20',
      proof_key: `users/${subOf(ben)}/proposals/${String(proposal?.proposal_id)}`,
      proof_name: 'Your CPE certificate.pdf',
      proof_type: 'application/pdf',
    });
    const link = await as.get(`/api/proposals/${String(proposal?.proposal_id)}/proof`);
    expect(link.status).toBe(200);
    const download = await fetch((link.body as { url: string }).url);
    expect(download.headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''Your%20CPE%20certificate.pdf",
    );
    const proof = new Uint8Array(await download.arrayBuffer());
    expect(proof.byteLength).toBe(proposal?.proof_size);
    const text = await textOfPdf(proof);
    for (const expected of [
      'From "ISC2 Certificates" <certificates@isc2.example>',
      'Subject Your CPE certificate',
      'Tue, 10 Feb 2026 09:00:00 +0000',
      'Cloud Threat Modelling',
      '2 CPE credits',
    ]) {
      expect(text).toContain(expected);
    }
    expect(mailsTo(ben)[0]?.text).toContain('Your CPE certificate.pdf');

    // Accepted, the PDF is the activity's proof file.
    const certification = await as.post('/api/certifications', {
      certification_name: 'CCSP',
      catalogue_id: 'isc2-ccsp',
      earned_date: '2024-03-01',
      expiry_date: '2027-03-01',
      cpe_needed: null,
      verification_link: null,
    });
    expect(certification.status).toBe(201);
    const accepted = await as.post(`/api/proposals/${String(proposal?.proposal_id)}/accept`, {
      certification_id: (certification.body as { certification_id: string }).certification_id,
      activity_name: 'Cloud Threat Modelling',
      provider: 'ISC2',
      cpe_units: 2,
      activity_date: '2026-01-20',
      category: 'group-a',
    });
    expect(accepted.status).toBe(201);
    const activity = accepted.body as {
      files: Array<{ file_id: string; file_name: string; content_type: string; size: number }>;
    };
    expect(activity.files).toEqual([
      expect.objectContaining({
        file_name: 'Your CPE certificate.pdf',
        content_type: 'application/pdf',
        size: proof.byteLength,
      }),
    ]);
    const filed = await as.get(`/api/files/${activity.files[0]!.file_id}`);
    const kept = await fetch((filed.body as { url: string }).url);
    expect(new Uint8Array(await kept.arrayBuffer())).toEqual(proof);
  });

  it('dates a forwarded e-certificate by its text, not the forward header, and proposes nothing from a forwarded newsletter', async () => {
    const to = await addressOf(ann);
    const before = { proposals: (await proposalsOf(ann)).length, mails: mailsTo(ann).length };
    const forwarded = (body: string) =>
      [
        '---------- Forwarded message ---------',
        'From: ISC2 <certificates@isc2.example>',
        'Date: Thu, Feb 5, 2026 at 9:12 AM',
        'Subject: Your certificate',
        `To: <${ann.email}>`,
        '',
        body,
      ].join('\n');
    const certificate = await inbound(
      rfc822({
        to,
        subject: 'Fwd: Your certificate',
        text: forwarded(
          'Ada Lovelace has completed Zero Trust 101 on January 26, 2026\n1 CPE credit',
        ),
      }),
    );
    expect(certificate).toMatchObject({ status: 202, body: { proposals: 1 } });
    expect((await proposalsOf(ann)).slice(before.proposals)).toEqual([
      expect.objectContaining({
        day: '2026-01-26',
        units: '1.00',
        activity_name: 'Zero Trust 101',
      }),
    ]);

    const newsletter = await inbound(
      rfc822({
        to,
        subject: 'Fwd: Our February news',
        text: forwarded('Read about our new offices and the team picnic.'),
      }),
    );
    expect(newsletter).toMatchObject({ status: 422, body: { proposals: 0 } });
    expect(await proposalsOf(ann)).toHaveLength(before.proposals + 1);
    const told = mailsTo(ann).slice(0, mailsTo(ann).length - before.mails);
    expect(told.map((m) => m.text.split('\n')[0])).toEqual([
      'CPE Tracker: Nothing was proposed from your email',
      'CPE Tracker: 1 activity proposed from your email',
    ]);
  });

  it('draws an e-certificate written in Japanese with its own letters', async () => {
    const answer = await inbound(
      rfc822({
        to: await addressOf(ben),
        subject: '修了証明書のお知らせ',
        text: '修了証明書\n山田太郎 様\nクラウドセキュリティ入門 を修了しました。\n2026-01-22\n3 CPE credits',
      }),
    );
    expect(answer).toMatchObject({ status: 202, body: { proposals: 1 } });

    const proposal = (await proposalsOf(ben)).find(
      (p) => p.proof_name === '修了証明書のお知らせ.pdf',
    );
    expect(proposal).toMatchObject({ units: '3.00', day: '2026-01-22' });
    const link = await api(runtime, ben.accessToken).get(
      `/api/proposals/${String(proposal?.proposal_id)}/proof`,
    );
    const proof = new Uint8Array(
      await (await fetch((link.body as { url: string }).url)).arrayBuffer(),
    );
    const text = await textOfPdf(proof);
    for (const expected of [
      '修了証明書のお知らせ',
      '山田太郎',
      'クラウドセキュリティ入門',
      '3 CPE credits',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('\uFFFD');
  });

  it('rotation makes the old address unknown at once, and the new one works', async () => {
    const old = await addressOf(ben);
    const rotated = await api(runtime, ben.accessToken).post('/api/account/forwarding');
    expect(rotated.status).toBe(200);
    const fresh = (rotated.body as { forwarding_address: string }).forwarding_address;
    expect(fresh).toMatch(/^[a-hjkmnp-z2-9]{20}@in\.localhost$/);
    expect(fresh).not.toBe(old);
    expect(await addressOf(ben)).toBe(fresh);

    const message = (to: string) =>
      rfc822({
        to,
        subject: 'Rotation',
        attachments: [{ name: 'r.pdf', type: 'application/pdf', bytes: pdf }],
      });
    expect((await inbound(message(old))).status).toBe(422);
    expect(await inbound(message(fresh))).toMatchObject({ status: 202, body: { proposals: 1 } });
  });

  it("puts a message sent to another user's address in their inbox only", async () => {
    const annBefore = (await proposalsOf(ann)).length;
    const benBefore = (await proposalsOf(ben)).length;
    const answer = await inbound(
      rfc822({
        to: await addressOf(ben),
        subject: 'For Ben',
        // Not the certificate Ben forwarded before: that one, still in his inbox, is not proposed twice.
        attachments: [
          {
            name: 'ben.pdf',
            type: 'application/pdf',
            bytes: await certificatePdf([...CERTIFICATE, 'For Ben']),
          },
        ],
      }),
    );
    expect(answer.status).toBe(202);
    expect(await proposalsOf(ann)).toHaveLength(annBefore);
    expect(await proposalsOf(ben)).toHaveLength(benBefore + 1);
  });

  it("proposes a certificate dated the owner's today in the time zone of their settings, though UTC's is still the day before", async () => {
    // Arrange: one message to two owners, one in Kiritimati (UTC+14), one with no zone chosen (UTC).
    const [kit, uta] = await Promise.all([createUser(runtime), createUser(runtime)]);
    const saved = await api(runtime, kit.accessToken).put('/api/account/settings', {
      time_zone: 'Pacific/Kiritimati',
    });
    expect(saved.status).toBe(200);
    const recipients = [await addressOf(kit), await addressOf(uta)];
    const messageId = randomBytes(20).toString('hex');
    await storage().put(
      `inbound/${messageId}`,
      rfc822({
        to: recipients.join(', '),
        subject: 'Your certificate',
        attachments: [{ name: 'certificate.pdf', type: 'application/pdf', bytes: pdf }],
      }),
      'message/rfc822',
    );
    // 12:00 UTC on 9 February is 02:00 on 10 February, the certificate's date, in Kiritimati.
    const handler = await buildHandler(
      'inbound',
      handlerDeps(runtime, {
        clock: new ManualClock('2026-02-09T12:00:00Z'),
        config: { INBOUND_MAIL_DOMAIN: 'in.localhost' },
      }),
    );

    const result = await handler(sesEvent(messageId, recipients));

    // Assert: the date is proposed to the owner whose day it is, and left out for the other.
    expect(result).toEqual({
      status: 'processed',
      deliveries: [
        { proposals: 1, message: '1 proposed' },
        { proposals: 1, message: '1 proposed' },
      ],
    });
    expect(await proposalsOf(kit)).toEqual([
      expect.objectContaining({ provider: 'SANS Institute', units: '6.00', day: '2026-02-10' }),
    ]);
    expect(await proposalsOf(uta)).toEqual([
      expect.objectContaining({ provider: 'SANS Institute', units: '6.00', day: null }),
    ]);
    expect(await keysUnder('inbound/')).toEqual([]);
  });

  it('makes at most 50 proposals a day from forwarded mail, and tells the owner what was left out', async () => {
    const cal = await createUser(runtime);
    // 49 earlier proposals of the day, as the inbound function records them.
    await sql(
      runtime,
      `with made as (
         insert into proposals (user_id, source, source_label)
         select u.user_id, 'email', 'Earlier email ' || i
           from users u cross join generate_series(1, 49) i
          where u.cognito_sub = :sub
         returning user_id, source, created_at)
       insert into proposals_made (user_id, source, made_at)
       select user_id, source, created_at from made`,
      { sub: subOf(cal) },
    );
    const to = await addressOf(cal);
    const twoCertificates = rfc822({
      to,
      subject: 'Two certificates',
      attachments: [
        {
          name: 'one.pdf',
          type: 'application/pdf',
          bytes: await certificatePdf([...CERTIFICATE, 'No. 1']),
        },
        {
          name: 'two.pdf',
          type: 'application/pdf',
          bytes: await certificatePdf([...CERTIFICATE, 'No. 2']),
        },
      ],
    });
    const first = await inbound(twoCertificates);
    expect(first).toMatchObject({ status: 202, body: { proposals: 1 } });
    expect(String(first.body.message)).toContain(
      '1 more certificate was not proposed: forwarded email makes at most 50 proposals a day.',
    );
    expect((await proposalsOf(cal)).map((p) => p.proof_name).filter(Boolean)).toEqual(['one.pdf']);

    // The same email the same day: the first certificate is in the inbox already, the second
    // still over the limit.
    const again = await inbound(twoCertificates);
    expect(again).toMatchObject({ status: 202, body: { proposals: 1 } });
    expect(String(again.body.message)).toContain('1 more certificate was not proposed');
    expect(await proposalsOf(cal)).toHaveLength(50);
    // A third certificate, new, meets the limit.
    const third = await inbound(
      rfc822({
        to,
        subject: 'A third',
        attachments: [
          {
            name: 'three.pdf',
            type: 'application/pdf',
            bytes: await certificatePdf([...CERTIFICATE, 'No. 3']),
          },
        ],
      }),
    );
    expect(third.status).toBe(422);
    expect(String(third.body.message)).toMatch(
      /^Daily limit reached: 1 more certificate was not proposed/,
    );
    expect(await proposalsOf(cal)).toHaveLength(50);
    expect(mailsTo(cal).map((m) => m.subject)).toEqual([
      'CPE Tracker: Nothing was proposed from your email',
      'CPE Tracker: 1 activity proposed from your email',
      'CPE Tracker: 1 activity proposed from your email',
      expect.stringMatching(/verification code/),
    ]);

    // Dismissing the day's proposals does not make room: the limit counts what arrived.
    const client = api(runtime, cal.accessToken);
    const earlier = (await proposalsOf(cal)).filter((p) =>
      String(p.source_label).startsWith('Earlier email'),
    );
    for (const p of earlier) {
      expect((await client.delete(`/api/proposals/${String(p.proposal_id)}`)).status).toBe(204);
    }
    expect(await proposalsOf(cal)).toHaveLength(1);
    const afterDismissing = await inbound(twoCertificates);
    expect(afterDismissing).toMatchObject({ status: 202, body: { proposals: 1 } });
    expect(String(afterDismissing.body.message)).toContain('1 more certificate was not proposed');
    expect(await proposalsOf(cal)).toHaveLength(1);

    // The next day, as the note asks, the same email again: the certificate still in the inbox is
    // not proposed twice; the one left out is.
    await sql(
      runtime,
      `update proposals_made set made_at = made_at - interval '2 days'
        where user_id = (select user_id from users where cognito_sub = :sub)`,
      { sub: subOf(cal) },
    );
    const tomorrow = await inbound(twoCertificates);
    expect(tomorrow).toMatchObject({ status: 202, body: { proposals: 2 } });
    const names = (await proposalsOf(cal)).map((p) => p.proof_name).filter(Boolean);
    expect(names.sort()).toEqual(['one.pdf', 'two.pdf']);
    expect(await keysUnder('inbound/')).toEqual([]);
  });

  it('proposes a certificate attached twice, or forwarded again while in the inbox, once', async () => {
    const eve = await createUser(runtime);
    const to = await addressOf(eve);
    const bytes = await certificatePdf([...CERTIFICATE, 'Twice']);
    const twice = await inbound(
      rfc822({
        to,
        subject: 'The same file twice',
        attachments: [
          { name: 'certificate.pdf', type: 'application/pdf', bytes },
          { name: 'certificate (1).pdf', type: 'application/pdf', bytes },
        ],
      }),
    );
    expect(twice).toMatchObject({ status: 202, body: { proposals: 1 } });
    const again = await inbound(
      rfc822({
        to,
        subject: 'Fwd: The same file',
        attachments: [{ name: 'again.pdf', type: 'application/pdf', bytes }],
      }),
    );
    expect(again.status).toBe(202);
    expect((await proposalsOf(eve)).map((p) => p.proof_name)).toEqual(['certificate.pdf']);
  });

  it("keeps a message whose proposals failed half-way for Lambda's retry, which proposes each certificate once", async () => {
    // Arrange: the message as SES's S3 action stores it, and the receipt event it invokes the function with.
    const dee = await createUser(runtime);
    const to = await addressOf(dee);
    const messageId = randomBytes(20).toString('hex');
    const files = new Map<string, Uint8Array>();
    for (const name of ['one.pdf', 'two.pdf', 'three.pdf']) {
      files.set(name, await certificatePdf([...CERTIFICATE, name]));
    }
    await storage().put(
      `inbound/${messageId}`,
      rfc822({
        to,
        subject: 'Three certificates',
        attachments: [...files].map(([name, bytes]) => ({ name, type: 'application/pdf', bytes })),
      }),
      'message/rfc822',
    );
    const event = sesEvent(messageId, [to]);
    const deps = handlerDeps(runtime, {
      clock: systemClock,
      config: { INBOUND_MAIL_DOMAIN: 'in.localhost' },
    });
    // The second proposal's insert meets a database fault; the first one went through.
    let inserts = 0;
    const handler = await buildHandler('inbound', {
      ...deps,
      db: {
        ...deps.db,
        query(statement, params, row) {
          if (/insert into proposals/.test(statement) && ++inserts === 2)
            runtime.rdsData.faults.failNext(1, 'DatabaseErrorException');
          return deps.db.query(statement, params, row);
        },
      },
    });

    // Act: the first attempt fails; Lambda's async retry invokes the function with the same event.
    await expect(handler(event)).rejects.toThrow();
    expect(await keysUnder('inbound/')).toEqual([`inbound/${messageId}`]);
    expect(mailsTo(dee).filter((m) => m.subject.includes('from your email'))).toEqual([]);
    const retried = await handler(event);

    // Assert: each certificate proposed once, each with its proof, the owner told once, the message gone.
    expect(retried).toEqual({
      status: 'processed',
      deliveries: [{ proposals: 3, message: '3 proposed' }],
    });
    const proposals = await proposalsOf(dee);
    expect(proposals.map((p) => p.proof_name).sort()).toEqual(['one.pdf', 'three.pdf', 'two.pdf']);
    for (const proposal of proposals) {
      const proof = await storage().get(String(proposal.proof_key));
      expect(Buffer.from(proof ?? [])).toEqual(
        Buffer.from(files.get(String(proposal.proof_name))!),
      );
    }
    const inbox = await api(runtime, dee.accessToken).get('/api/proposals');
    expect(inbox.body).toHaveLength(3);
    const told = mailsTo(dee).filter((m) => m.subject.includes('from your email'));
    expect(told.map((m) => m.subject)).toEqual([
      'CPE Tracker: 3 activities proposed from your email',
    ]);
    expect(await keysUnder('inbound/')).toEqual([]);
  });

  it('refuses a body that is not a raw message, and a request from another page', async () => {
    const json = await fetch(`${runtime.url}/_dev/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(json.status).toBe(415);
    const foreign = await fetch(`${runtime.url}/_dev/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', origin: 'http://evil.example' },
      body: rfc822({ to: await addressOf(ann), subject: 'x', text: 'x' }),
    });
    expect(foreign.status).toBe(403);
    expect(await keysUnder('inbound/')).toEqual([]);
  });
});
