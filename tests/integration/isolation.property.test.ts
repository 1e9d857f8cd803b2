/**
 * Two users, random sequences of operations on each other's (and made-up)
 * ids, on each backend: neither can read, change or delete the other's data,
 * every answer is one of the documented ones, and concurrent renewals naming
 * one cycle renew it at most once (issue 9 item 2). Credits, uploads, proof
 * files, readiness and cycles too (issue 11): another user's activity,
 * certification or file is 404, another user's upload is a missing one (400),
 * and a presigned POST cannot be turned to another key.
 */
import type { Activity, Certification, ProofFile, Upload } from '@cpe/shared';
import fc from 'fast-check';
import { postFile } from '../support/api';
import { expected } from '../support/expected';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { type ApiAnswer, type TestUser, api, createUser } from '../support/users';

type Who = 0 | 1;
type Kind = 'cert' | 'activity' | 'upload' | 'file';

interface Ref {
  id: string;
  kind: Kind;
  owner: Who;
  alive: boolean;
  /** For activities, the certification they belong to. */
  certId?: string;
}

const op = fc.record({
  actor: fc.constantFrom<Who>(0, 1),
  action: fc.constantFrom(
    'createCert',
    'listCerts',
    'getCert',
    'updateCert',
    'deleteCert',
    'renew',
    'renewConcurrently',
    'createActivity',
    'listActivities',
    'getActivity',
    'updateActivity',
    'deleteActivity',
    'creditActivity',
    'createUpload',
    'attachFile',
    'listFiles',
    'downloadFile',
    'deleteFile',
    'setSubmission',
    'readiness',
    'cycles',
  ),
  /** Which known record to aim at (modulo how many exist), or a made-up id. */
  target: fc.nat(50),
  madeUp: fc.constantFrom(
    undefined,
    undefined,
    undefined,
    'not-an-id',
    '00000000-0000-4000-8000-000000000001',
  ),
  units: fc.constantFrom(0, 5, 40, 120.5),
  /** The cycle a named renewal asks for: the expiry certifications are created with, or none. */
  cycle: fc.constantFrom<string | null>('2027-01-01', null),
});

const ALLOWED: Record<string, number[]> = {
  createCert: [201],
  listCerts: [200, 404],
  getCert: [200, 404],
  updateCert: [200, 404],
  deleteCert: [204, 404, 409],
  renew: [200, 404, 409],
  renewConcurrently: [200, 404, 409],
  createActivity: [201, 404],
  listActivities: [200, 404],
  getActivity: [200, 404],
  updateActivity: [200, 404],
  deleteActivity: [204, 404],
  creditActivity: [200, 400, 404],
  createUpload: [201],
  attachFile: [201, 400, 404],
  listFiles: [200, 404],
  downloadFile: [200, 404],
  deleteFile: [204, 404],
  setSubmission: [200, 404],
  readiness: [200, 404],
  cycles: [200, 404],
};

const KIND_OF: Record<string, Kind> = {
  getActivity: 'activity',
  updateActivity: 'activity',
  deleteActivity: 'activity',
  creditActivity: 'activity',
  attachFile: 'activity',
  listFiles: 'activity',
  setSubmission: 'activity',
  downloadFile: 'file',
  deleteFile: 'file',
};

const PROOF = { bytes: Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'), name: 'proof.pdf' };

describe.each(backendNames())('two users cannot touch each other on %s (property)', (backend) => {
  let runtime: TestRuntime;
  let users: [TestUser, TestUser];

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
    users = [await createUser(runtime), await createUser(runtime)];
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  /** Everything a user can see of their own data, for before/after comparisons. */
  async function snapshot(who: Who): Promise<unknown> {
    const client = api(runtime, users[who].accessToken);
    const certs = (await client.get(`/api/certifications/${users[who].userId}`))
      .body as Certification[];
    const activities = await Promise.all(
      certs.map(async (c) => (await client.get(`/api/activities/${c.certification_id}`)).body),
    );
    return { certs, activities };
  }

  it('holds for random operation sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 20 }), async (ops) => {
        const refs: Ref[] = [];
        for (const o of ops) {
          const me = users[o.actor];
          const other: Who = o.actor === 0 ? 1 : 0;
          const client = api(runtime, me.accessToken);
          const kind: Kind = KIND_OF[o.action] ?? 'cert';
          const pool = refs.filter((r) => r.kind === kind);
          const ref = o.madeUp || pool.length === 0 ? undefined : pool[o.target % pool.length];
          const id = o.madeUp ?? ref?.id ?? '00000000-0000-4000-8000-000000000002';
          const mine = ref !== undefined && ref.owner === o.actor && ref.alive;

          const before = await snapshot(other);
          /** The version a PUT names: the one the actor reads (1 when it cannot read the record). */
          const versionOf = async (path: string): Promise<number> => {
            const read = await client.get(path);
            if (read.status !== 200) return 1;
            const body = read.body as { version: number } | Array<{ version: number }>;
            return Array.isArray(body) ? body[0]!.version : body.version;
          };
          let answer: ApiAnswer;
          switch (o.action) {
            case 'createCert':
              answer = await client.post('/api/certifications', {
                certification_name: `cert ${refs.length}`,
                earned_date: '2024-01-01',
                expiry_date: '2027-01-01',
                cpe_needed: 40,
                verification_link: null,
              });
              if (answer.status === 201) {
                refs.push({
                  id: (answer.body as Certification).certification_id,
                  kind: 'cert',
                  owner: o.actor,
                  alive: true,
                });
              }
              break;
            case 'listCerts':
              answer = await client.get(
                `/api/certifications/${o.madeUp ?? users[o.target % 2 === 0 ? o.actor : other].userId}`,
              );
              break;
            case 'getCert':
              answer = await client.get(`/api/certification/${id}`);
              break;
            case 'updateCert':
              answer = await client.put(`/api/certifications/${id}`, {
                certification_name: 'renamed',
                earned_date: '2024-01-01',
                expiry_date: null,
                cpe_needed: 10,
                verification_link: 'https://example.com',
                version: await versionOf(`/api/certification/${id}`),
              });
              break;
            case 'deleteCert':
              answer = await client.delete(`/api/certifications/${id}`);
              if (answer.status === 204 && ref) ref.alive = false;
              break;
            case 'renew':
              answer = await client.put(`/api/renewCertification/${id}`);
              break;
            case 'renewConcurrently': {
              // A double click and a retry: three calls naming the same cycle.
              const answers = await Promise.all(
                [0, 1, 2].map(() =>
                  client.put(`/api/renewCertification/${id}`, { expiry_date: o.cycle }),
                ),
              );
              const renewed = answers.filter((a) => a.status === 200).length;
              expect({ op: o, renewedAtMostOnce: renewed <= 1 }).toEqual({
                op: o,
                renewedAtMostOnce: true,
              });
              const statuses = new Set(answers.map((a) => a.status));
              expect({ op: o, agree: statuses.has(404) ? statuses.size === 1 : true }).toEqual({
                op: o,
                agree: true,
              });
              answer = answers.find((a) => a.status === 200) ?? answers[0]!;
              break;
            }
            case 'createActivity': {
              const certs = refs.filter((r) => r.kind === 'cert');
              const cert =
                o.madeUp || certs.length === 0 ? undefined : certs[o.target % certs.length];
              answer = await client.post('/api/activities', {
                certification_id: o.madeUp ?? cert?.id ?? '00000000-0000-4000-8000-000000000003',
                activity_name: 'activity',
                cpe_units: o.units,
                activity_date: '2024-02-01',
              });
              if (answer.status === 201 && cert) {
                refs.push({
                  id: (answer.body as Activity).activity_id,
                  kind: 'activity',
                  owner: o.actor,
                  alive: true,
                  certId: cert.id,
                });
              }
              const certMine = cert !== undefined && cert.owner === o.actor && cert.alive;
              expect({ op: o, status: answer.status }).toEqual({
                op: o,
                status: certMine ? 201 : 404,
              });
              break;
            }
            case 'listActivities':
              answer = await client.get(`/api/activities/${id}`);
              break;
            case 'getActivity':
              answer = await client.get(`/api/activity/${id}`);
              break;
            case 'updateActivity':
              answer = await client.put(`/api/activities/${id}`, {
                activity_name: 'changed',
                cpe_units: 1,
                activity_date: '2024-03-01',
                version: await versionOf(`/api/activity/${id}`),
              });
              break;
            case 'deleteActivity':
              answer = await client.delete(`/api/activities/${id}`);
              if (answer.status === 204 && ref) {
                ref.alive = false;
                for (const f of refs) if (f.kind === 'file' && f.certId === ref.id) f.alive = false;
              }
              break;
            case 'creditActivity': {
              // Count the activity for a certification of either user.
              const certs = refs.filter((r) => r.kind === 'cert');
              const cert = certs.length === 0 ? undefined : certs[(o.target + 1) % certs.length];
              answer = await client.put(`/api/activities/${id}`, {
                activity_name: 'credited',
                cpe_units: o.units,
                activity_date: '2024-03-01',
                credits: [
                  {
                    certification_id: cert?.id ?? '00000000-0000-4000-8000-000000000004',
                    // At most the activity's units (a credit may not exceed them).
                    cpe_units: Math.min(1, o.units),
                  },
                ],
                version: await versionOf(`/api/activity/${id}`),
              });
              const certMine = cert !== undefined && cert.owner === o.actor && cert.alive;
              if (mine) {
                expect({ op: o, status: answer.status }).toEqual({
                  op: o,
                  status: certMine ? 200 : 400,
                });
              }
              break;
            }
            case 'createUpload': {
              answer = await client.post('/api/uploads', {
                file_name: 'proof.pdf',
                content_type: 'application/pdf',
                size: PROOF.bytes.length,
              });
              const upload = answer.body as Upload;
              expect((await postFile(upload, PROOF)).status).toBe(204);
              refs.push({ id: upload.upload_id, kind: 'upload', owner: o.actor, alive: true });
              break;
            }
            case 'attachFile': {
              const uploads = refs.filter((r) => r.kind === 'upload');
              const upload = uploads.length === 0 ? undefined : uploads[o.target % uploads.length];
              answer = await client.post(`/api/activities/${id}/files`, {
                upload_id: upload?.id ?? '00000000-0000-4000-8000-000000000005',
              });
              const uploadMine = upload !== undefined && upload.owner === o.actor && upload.alive;
              if (mine) {
                expect({ op: o, status: answer.status }).toEqual({
                  op: o,
                  status: uploadMine ? 201 : 400,
                });
              }
              if (answer.status === 201 && upload) {
                upload.alive = false;
                refs.push({
                  id: (answer.body as ProofFile).file_id,
                  kind: 'file',
                  owner: o.actor,
                  alive: true,
                  certId: id,
                });
              }
              break;
            }
            case 'listFiles':
              answer = await client.get(`/api/activities/${id}/files`);
              break;
            case 'downloadFile':
              answer = await client.get(`/api/files/${id}`);
              break;
            case 'deleteFile':
              answer = await client.delete(`/api/files/${id}`);
              if (answer.status === 204 && ref) ref.alive = false;
              break;
            case 'setSubmission': {
              // The activity's primary certification, which every activity counts for.
              const activity = refs.find((r) => r.id === id);
              answer = await client.put(`/api/activities/${id}/submissions`, {
                certification_id: activity?.certId ?? '00000000-0000-4000-8000-000000000006',
                submitted_on: '2024-04-01',
              });
              break;
            }
            case 'readiness':
              answer = await client.get(`/api/certifications/${id}/readiness`);
              break;
            case 'cycles':
              answer = await client.get(`/api/certifications/${id}/cycles`);
              break;
          }

          expect({
            op: o,
            status: answer.status,
            allowed: ALLOWED[o.action]?.includes(answer.status),
          }).toEqual({
            op: o,
            status: answer.status,
            allowed: true,
          });
          const targetsRecord = ![
            'createCert',
            'listCerts',
            'createActivity',
            'createUpload',
          ].includes(o.action);
          if (targetsRecord) {
            // Someone else's, deleted, made-up or malformed: always 404. One's own: never 404.
            expect({ op: o, notFound: answer.status === 404 }).toEqual({ op: o, notFound: !mine });
          }
          expect(await snapshot(other)).toEqual(before);
        }
      }),
      { numRuns: 25 },
    );
    // Sequences now upload and download files too: more requests per run.
  }, 600_000);

  it("cannot turn a presigned POST to another key, another user's above all", async () => {
    const declare = (who: Who) =>
      api(runtime, users[who].accessToken).post('/api/uploads', {
        file_name: 'proof.pdf',
        content_type: 'application/pdf',
        size: PROOF.bytes.length,
      });
    const mine = (await declare(0)).body as Upload;
    const theirs = (await declare(1)).body as Upload;
    expect((await postFile(theirs, PROOF)).status).toBe(204);
    for (const key of [
      theirs.fields.key!,
      `${mine.fields.key!}-2`,
      mine.fields.key!.replace(/uploads\/.*/, 'reports/x.pdf'),
      mine.fields.key!.replace(/^users\/([^/]+)\/.*/, 'downloads/$1/x/x.pdf'),
    ]) {
      const refused = await postFile(mine, PROOF, { key });
      expect({ key, status: refused.status, body: await refused.text() }).toEqual({
        key,
        status: 403,
        body: expected.stringContaining('Policy Condition failed'),
      });
    }
  });
});
