/**
 * Issue 28 item 1's foundation on each backend: the proposals table
 * (migration 013) through its data module. Proposals are written with their
 * proof stored first (saveProposal), listed newest first, counted per day,
 * cleaned to the table's rules, scoped to their owner, and settled into an
 * activity's proof file.
 */
import { createS3Storage } from '@cpe/api/aws/s3';
import type { Db } from '@cpe/api/db';
import * as proposals from '@cpe/api/data/proposals';
import { saveProposal } from '@cpe/api/proposal/inbox';
import { ManualClock } from '@cpe/local/clock';
import { createActivity, createCertification } from '../support/api';
import { sql } from '../support/data-api';
import { awsFor, handlerDeps } from '../support/handler-deps';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { type TestUser, api, createUser } from '../support/users';

const PDF = Buffer.from('%PDF-1.4\n% certificate of attendance\n%%EOF\n', 'latin1');

describe.each(backendNames())('the proposals data module on %s', (backend) => {
  let runtime: TestRuntime;
  let db: Db;
  let ada: TestUser;
  let adaSub: string;
  let eveSub: string;

  const storage = () => createS3Storage(awsFor(runtime), 'cpe-local-evidence');

  async function subOf(user: TestUser): Promise<string> {
    const rows = await sql(
      runtime,
      'select cognito_sub from users where user_id = cast(:id as uuid)',
      { id: user.userId },
    );
    return rows[0]!.cognito_sub as string;
  }

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
    db = handlerDeps(runtime, { clock: new ManualClock(new Date()) }).db;
    ada = await createUser(runtime);
    adaSub = await subOf(ada);
    eveSub = await subOf(await createUser(runtime));
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  it('stores the proof at proposalKey before the row names it, and lists newest first', async () => {
    const first = await saveProposal(
      { db, storage: storage() },
      adaSub,
      {
        source: 'email',
        source_label: 'Email from webinars@example.com: Your certificate',
        fields: { activity_name: 'Cloud Security Webinar', cpe_units: 1.5 },
        created_at: '2026-03-01T10:00:00Z',
      },
      { file_name: 'certificate.pdf', content_type: 'application/pdf', bytes: PDF },
    );
    const second = await proposals.insertProposal(db, adaSub, {
      source: 'import',
      source_label: 'Import: activities.csv, row 2',
      fields: {
        activity_name: 'Zero Trust Workshop',
        provider: 'ISACA',
        activity_date: '2026-02-11',
      },
      created_at: '2026-03-02T10:00:00Z',
    });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);

    const stored = await storage().get(proposals.proposalKey(adaSub, first!));
    expect(Buffer.from(stored!)).toEqual(PDF);
    expect(proposals.proposalKey(adaSub, first!)).toBe(`users/${adaSub}/proposals/${first}`);

    const listed = await proposals.listProposals(db, adaSub);
    expect(listed.map((p) => p.proposal_id)).toEqual([second, first]);
    expect(listed[1]).toEqual({
      proposal_id: first,
      source: 'email',
      source_label: 'Email from webinars@example.com: Your certificate',
      fields: {
        activity_name: 'Cloud Security Webinar',
        provider: null,
        activity_date: null,
        cpe_units: 1.5,
        description: null,
      },
      has_proof: true,
      proof: { file_name: 'certificate.pdf', content_type: 'application/pdf', size: PDF.length },
      created_at: '2026-03-01T10:00:00Z',
    });
    expect(listed[0]).toMatchObject({
      source: 'import',
      fields: { provider: 'ISACA', activity_date: '2026-02-11' },
      has_proof: false,
      proof: null,
    });
    expect(await proposals.countProposals(db, adaSub)).toBe(2);
    expect(await proposals.countProposalsSince(db, adaSub, '2026-03-01T10:00:00Z')).toBe(2);
    expect(await proposals.countProposalsSince(db, adaSub, '2026-03-01T10:00:01Z')).toBe(1);
    expect(await proposals.countProposalsSince(db, adaSub, '2026-03-01T00:00:00Z', 'email')).toBe(
      1,
    );

    // Another user sees, gets and deletes none of them.
    expect(await proposals.listProposals(db, eveSub)).toEqual([]);
    expect(await proposals.countProposals(db, eveSub)).toBe(0);
    expect(await proposals.getProposal(db, eveSub, first!)).toBeUndefined();
    expect(await proposals.deleteProposal(db, eveSub, first!)).toBeUndefined();
    expect(await proposals.getProposal(db, adaSub, first!)).toMatchObject({
      proof_key: proposals.proposalKey(adaSub, first!),
    });

    // Dismissing answers the key for the caller to delete; the other had none.
    expect(await proposals.deleteProposal(db, adaSub, first!)).toEqual({
      proof_key: proposals.proposalKey(adaSub, first!),
    });
    expect(await proposals.deleteProposal(db, adaSub, second!)).toEqual({ proof_key: null });
    expect(await proposals.listProposals(db, adaSub)).toEqual([]);
  });

  it('cleans what an engine found to what the table and the activity form accept', async () => {
    const id = await proposals.insertProposal(db, adaSub, {
      source: 'upload',
      source_label: 'Upload:\r\n cert\u202e.pdf',
      fields: {
        activity_name: `  Secure\u0007 Coding\n${'x'.repeat(300)}`,
        provider: '   ',
        activity_date: '2026-02-30',
        cpe_units: 123456,
        description: 'Line one\r\nLine two\u0000',
      },
    });
    const got = await proposals.getProposal(db, adaSub, id!);
    expect(got?.source_label).toBe('Upload: cert.pdf');
    expect(got?.fields.activity_name).toHaveLength(200);
    expect(got?.fields.activity_name?.startsWith('Secure Coding xxx')).toBe(true);
    expect(got?.fields).toMatchObject({
      provider: null,
      activity_date: null,
      cpe_units: null,
      description: 'Line one\nLine two',
    });
    await proposals.deleteProposal(db, adaSub, id!);
  });

  it('writes nothing for a user who does not exist, and refuses a proof no file may be', async () => {
    const id = await saveProposal(
      { db, storage: storage() },
      'no-such-sub',
      { source: 'email', source_label: 'Email', fields: {} },
      { file_name: 'a.pdf', content_type: 'application/pdf', bytes: PDF },
    );
    expect(id).toBeUndefined();
    // The proof it stored first is gone again.
    expect(await storage().deletePrefix('users/no-such-sub/')).toBe(0);
    const keys = await sql(
      runtime,
      "select count(*) as n from proposals where source_label = 'Email'",
    );
    expect(Number(keys[0]!.n)).toBe(0);

    await expect(
      saveProposal(
        { db, storage: storage() },
        adaSub,
        { source: 'email', source_label: 'Email', fields: {} },
        {
          file_name: 'a.exe',
          content_type: 'application/x-msdownload' as 'application/pdf',
          bytes: PDF,
        },
      ),
    ).rejects.toThrow('cannot be application/x-msdownload');
    expect(await proposals.countProposals(db, adaSub)).toBe(0);
  });

  it('settles a proposal into a proof file of an activity, once', async () => {
    const cert = await createCertification(api(runtime, ada.accessToken), {
      certification_name: 'CISSP',
      cpe_needed: 40,
      earned_date: '2024-01-15',
      expiry_date: '2027-01-14',
      verification_link: null,
    });
    const activity = await createActivity(api(runtime, ada.accessToken), {
      certification_id: cert.certification_id,
      activity_name: 'Cloud Security Webinar',
      cpe_units: 1,
      activity_date: '2026-01-10',
    });
    const activityId = activity.activity_id;
    const id = await saveProposal(
      { db, storage: storage() },
      adaSub,
      { source: 'upload', source_label: 'Upload: webinar.pdf', fields: {} },
      { file_name: 'webinar.pdf', content_type: 'application/pdf', bytes: PDF },
    );
    const fileKey = `users/${adaSub}/files/${id}/settled`;

    // Not the caller's: nothing happens.
    expect(await proposals.settleProposal(db, eveSub, id!, activityId, fileKey)).toBe(false);
    // A proof the caller would not file: refused, the proposal kept.
    expect(await proposals.settleProposal(db, adaSub, id!, activityId, null)).toBe(false);
    expect(await proposals.getProposal(db, adaSub, id!)).toBeDefined();

    expect(await proposals.settleProposal(db, adaSub, id!, activityId, fileKey)).toBe(true);
    expect(await proposals.settleProposal(db, adaSub, id!, activityId, fileKey)).toBe(false);
    const files = await api(runtime, ada.accessToken).get(`/api/activities/${activityId}/files`);
    expect(files.body).toEqual([
      expect.objectContaining({
        file_id: id,
        file_name: 'webinar.pdf',
        content_type: 'application/pdf',
        size: PDF.length,
      }),
    ]);
    const rows = await sql(
      runtime,
      'select object_key from files where file_id = cast(:id as uuid)',
      { id: id! },
    );
    expect(rows).toEqual([{ object_key: fileKey }]);
  });
});
