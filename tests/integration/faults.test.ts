/**
 * What a user sees when something the app depends on fails, and that the app
 * gets over it by itself: a paused database (shorter and longer than the
 * retry budget), a PostgreSQL connection killed mid-request, and Cognito,
 * Secrets Manager, S3, SES and the OpenAI endpoint failing or hanging.
 * Every case asserts the status and message, what is stored afterwards, and
 * that the same request succeeds once the fault is lifted, with no restart.
 *
 * The handlers' SDK clients reach Cognito, Secrets Manager, S3 and SES
 * through fault-injecting proxies (the runtime's `serviceEndpoints`), with
 * time limits shrunk through the runtime's options so that a hang costs
 * about a second here instead of the ten it may take in AWS.
 */
import { createS3Storage } from '@cpe/api/aws/s3';
import type { DependencyTiming } from '@cpe/api/aws/setup';
import { DependencyTimeoutError, DependencyUnavailableError } from '@cpe/api/errors';
import { errorResponse } from '@cpe/api/http/respond';
import { LOCAL_EVIDENCE_BUCKET } from '@cpe/local';
import { createPostgresBackend, type SqlSession } from '@cpe/local/rds-data';
import { API_MESSAGES } from '@cpe/shared';
import { postgresServerUrl } from '../support/backends';
import {
  BeginTransactionCommand,
  CommitTransactionCommand,
  ExecuteStatementCommand,
} from '@aws-sdk/client-rds-data';
import { LOCAL_CLUSTER_ARN, LOCAL_SECRET_ARN, dataApiClient, sql } from '../support/data-api';
import { expected } from '../support/expected';
import { type Fault, type FaultProxy, faults, startFaultProxy } from '../support/fault-proxy';
import { awsFor } from '../support/handler-deps';
import { type FakeOpenAi, reply, startFakeOpenAi } from '../support/openai-server';
import { type TestRuntime, startTestRuntime } from '../support/runtime';
import { api, createUser, type TestUser } from '../support/users';
import { createActivity, createCertification, uploadFile } from '../support/api';

/** Two attempts of at most 600 ms of silence: a hang answers within about 1.5 s. */
const TIMING: DependencyTiming = {
  connectionTimeoutMs: 500,
  idleTimeoutMs: 600,
  maxAttempts: 2,
};
/** The longest a hanging dependency may hold a request under TIMING (attempts, back-off, the rest). */
const HANG_BOUND_MS = 4_000;
const RESUME_BUDGET_MS = 1_500;
const OPENAI_TIMEOUT_MS = 500;

const CERTIFICATION = {
  certification_name: 'CISSP',
  earned_date: '2024-01-01',
  expiry_date: '2027-01-01',
  cpe_needed: 120,
  verification_link: null,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The user's certifications as stored, counted through the Data API. */
async function storedCertifications(runtime: TestRuntime, user: TestUser): Promise<number> {
  const rows = await sql(
    runtime,
    'select count(*) as n from certifications where user_id = cast(:id as uuid)',
    { id: user.userId },
  );
  return Number(rows[0]?.n ?? -1);
}

/** What each failing dependency answers: 503 when it fails, 504 when it does not answer in time. */
const FAILURES: Array<{ name: string; fault: Fault; status: number; message: string }> = [
  {
    name: 'answering 500',
    fault: faults.status(500),
    status: 503,
    message: API_MESSAGES.dependencyUnavailable,
  },
  {
    name: 'answering 503',
    fault: faults.status(503),
    status: 503,
    message: API_MESSAGES.dependencyUnavailable,
  },
  {
    name: 'resetting connections',
    fault: faults.reset,
    status: 503,
    message: API_MESSAGES.dependencyUnavailable,
  },
  { name: 'hanging', fault: faults.hang, status: 504, message: API_MESSAGES.dependencyTimeout },
];

describe('faults of the services the handlers depend on', () => {
  let runtime: TestRuntime;
  let cognito: FaultProxy;
  let secrets: FaultProxy;
  let s3: FaultProxy;
  let ses: FaultProxy;
  let openAi: FakeOpenAi;
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;

  beforeAll(async () => {
    const target = () => runtime.url;
    [cognito, secrets, s3, ses, openAi] = await Promise.all([
      startFaultProxy(target, '/_aws/cognito-idp'),
      startFaultProxy(target, '/_aws/secretsmanager'),
      startFaultProxy(target, '/_aws/s3'),
      startFaultProxy(target, '/_aws/ses'),
      startFakeOpenAi(),
    ]);
    runtime = await startTestRuntime('pglite', {
      dbResumeBudgetMs: RESUME_BUDGET_MS,
      dependencyTiming: TIMING,
      openAi: { apiKey: 'sk-fault-test', baseUrl: openAi.baseURL, timeoutMs: OPENAI_TIMEOUT_MS },
      serviceEndpoints: {
        cognitoIdentityProvider: cognito.endpoint,
        secretsManager: secrets.endpoint,
        s3: s3.endpoint,
        sesv2: ses.endpoint,
      },
    });
  });

  afterAll(async () => {
    await runtime.destroy();
    await Promise.all([cognito, secrets, s3, ses, openAi].map((p) => p.close()));
  });

  beforeEach(() => {
    // The api logs each failure (a JSON line); the suite asserts answers, not logs.
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
    error.mockRestore();
    runtime.rdsData.faults.clear();
    for (const proxy of [cognito, secrets, s3, ses]) proxy.reset();
    openAi.reset();
  });

  describe('a paused database', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createUser(runtime);
    });

    it('waits for a database that resumes within the retry budget and stores the write once', async () => {
      const before = await storedCertifications(runtime, user);
      runtime.rdsData.faults.resumingFor(RESUME_BUDGET_MS / 2);
      const started = Date.now();

      const created = await api(runtime, user.accessToken).post(
        '/api/certifications',
        CERTIFICATION,
      );

      expect(created.status).toBe(201);
      expect(Date.now() - started).toBeGreaterThanOrEqual(RESUME_BUDGET_MS / 2 - 100);
      expect(await storedCertifications(runtime, user)).toBe(before + 1);
    });

    it('answers 503 with Retry-After past the budget, stores nothing, and serves the same request once it has resumed', async () => {
      const before = await storedCertifications(runtime, user);
      const pause = RESUME_BUDGET_MS + 1_000;
      runtime.rdsData.faults.resumingFor(pause);
      const started = Date.now();

      const refused = await api(runtime, user.accessToken).post(
        '/api/certifications',
        CERTIFICATION,
      );

      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: API_MESSAGES.databaseStarting });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(RESUME_BUDGET_MS + 1_000);

      // No fault is cleared: the database resumes by itself, as a paused cluster does.
      await sleep(Math.max(0, started + pause - Date.now()));
      expect(await storedCertifications(runtime, user)).toBe(before);
      const created = await api(runtime, user.accessToken).post(
        '/api/certifications',
        CERTIFICATION,
      );
      expect(created.status).toBe(201);
      expect(await storedCertifications(runtime, user)).toBe(before + 1);
    });

    it('answers 503 when the Data API itself fails, and recovers', async () => {
      // Past the SDK's three attempts.
      const before = await storedCertifications(runtime, user);
      runtime.rdsData.faults.failNext(3, 'InternalServerErrorException');

      const refused = await api(runtime, user.accessToken).post(
        '/api/certifications',
        CERTIFICATION,
      );

      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: API_MESSAGES.dependencyUnavailable });
      expect(await storedCertifications(runtime, user)).toBe(before);
      const created = await api(runtime, user.accessToken).post(
        '/api/certifications',
        CERTIFICATION,
      );
      expect(created.status).toBe(201);
      expect(await storedCertifications(runtime, user)).toBe(before + 1);
    });
  });

  describe('Cognito (POST /api/users asks it for the email when the row is missing)', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createUser(runtime);
    });
    // The trigger wrote the row at sign-up: without it, POST /api/users must ask Cognito.
    beforeEach(async () => {
      await sql(runtime, 'delete from users where email = :email', { email: user.email });
    });
    async function rowsOf(user: TestUser): Promise<number> {
      const rows = await sql(runtime, 'select count(*) as n from users where email = :email', {
        email: user.email,
      });
      return Number(rows[0]?.n ?? -1);
    }

    it.each(FAILURES)(
      '$name: answers $status with its message, stores no user, and succeeds once lifted',
      async ({ fault, status, message }) => {
        cognito.inject(fault);
        const started = Date.now();

        const refused = await api(runtime, user.accessToken).post('/api/users', {});

        expect(refused.status).toBe(status);
        expect(refused.body).toEqual({ message });
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(Date.now() - started).toBeLessThan(HANG_BOUND_MS);
        expect(cognito.received).toBe(TIMING.maxAttempts);
        expect(await rowsOf(user)).toBe(0);

        cognito.inject(faults.pass);
        const ensured = await api(runtime, user.accessToken).post('/api/users', {});
        expect(ensured.status).toBe(200);
        expect(ensured.body).toMatchObject({ email: user.email });
        expect(await rowsOf(user)).toBe(1);
      },
    );
  });

  describe('Secrets Manager and the OpenAI endpoint (recommendations fall back to the catalogue)', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await createUser(runtime);
      const created = await api(runtime, user.accessToken).post(
        '/api/certifications',
        CERTIFICATION,
      );
      expect(created.status).toBe(201);
    });
    const recommend = () => api(runtime, user.accessToken).post('/api/recommendations');

    // The key is read once per container and kept: these run before the first read succeeds.
    it.each(FAILURES)(
      'Secrets Manager $name: answers the catalogue picks in time',
      async ({ fault }) => {
        secrets.inject(fault);
        const started = Date.now();

        const answer = await recommend();

        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ source: 'catalogue', text: expected.any(String) });
        expect(Date.now() - started).toBeLessThan(HANG_BOUND_MS);
        expect(openAi.requests).toHaveLength(0);
      },
    );

    it('Secrets Manager lifted: the next request reads the key and asks the model', async () => {
      const answer = await recommend();

      expect(answer).toMatchObject({ status: 200, body: { source: 'openai' } });
      expect(openAi.requests).toHaveLength(1);
    });

    it.each([
      { name: 'answering 500', replies: [reply.error(500, {}), reply.error(500, {})] },
      { name: 'hanging', replies: [reply.silence(), reply.silence()] },
    ])(
      'OpenAI $name: answers the catalogue picks in time, then the model again',
      async ({ replies }) => {
        openAi.queue(...replies);
        const started = Date.now();

        const answer = await recommend();

        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ source: 'catalogue', text: expected.any(String) });
        // Two attempts of OPENAI_TIMEOUT_MS at most, and the rest of the request.
        expect(Date.now() - started).toBeLessThan(2 * OPENAI_TIMEOUT_MS + 2_000);
        expect(openAi.requests).toHaveLength(2);

        const recovered = await recommend();
        expect(recovered).toMatchObject({ status: 200, body: { source: 'openai' } });
      },
    );
  });

  describe('SES (the contact form stores the message whatever the mail service does)', () => {
    let submitted = 0;
    it.each(FAILURES)(
      '$name: answers 200 in time and stores the message once',
      async ({ fault }) => {
        const email = `ses.${fault.kind}.${Date.now().toString(36)}.${++submitted}@example.com`;
        ses.inject(fault);
        const started = Date.now();

        const sent = await fetch(`${runtime.url}/beta/submit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Grace', email, message: 'Hello while mail is down' }),
        });

        expect(sent.status).toBe(200);
        expect(await sent.json()).toEqual({ message: API_MESSAGES.contactSent });
        expect(Date.now() - started).toBeLessThan(HANG_BOUND_MS);
        const rows = await sql(
          runtime,
          'select count(*) as n from contact_messages where email = :email',
          { email },
        );
        expect(Number(rows[0]?.n)).toBe(1);
      },
    );
  });

  describe('S3 (the evidence bucket through the handlers’ storage client)', () => {
    const storage = () =>
      createS3Storage(
        { ...awsFor(runtime), endpoints: { s3: s3.endpoint }, timing: TIMING },
        LOCAL_EVIDENCE_BUCKET,
      );

    it.each(FAILURES)(
      '$name: a write fails as a typed error answering $status, stores nothing, and succeeds once lifted',
      async ({ fault, status, message }) => {
        const files = storage();
        const key = `users/fault-test/uploads/${fault.kind}-${Date.now()}`;
        const body = new TextEncoder().encode('proof');
        s3.inject(fault);
        const started = Date.now();

        const failure = await files.put(key, body, 'text/plain').then(
          () => undefined,
          (e: unknown) => e,
        );

        expect(failure).toBeInstanceOf(
          status === 504 ? DependencyTimeoutError : DependencyUnavailableError,
        );
        expect(Date.now() - started).toBeLessThan(HANG_BOUND_MS);
        const answer = errorResponse(failure, 'fault-test');
        expect(answer.statusCode).toBe(status);
        expect(JSON.parse(answer.body)).toEqual({ message });

        s3.inject(faults.pass);
        expect(await files.head(key)).toBeUndefined();
        await files.put(key, body, 'text/plain');
        expect(await files.get(key)).toEqual(body);
      },
    );

    it('deletes a file whose object S3 fails to remove: 204, and the file is gone for good', async () => {
      // Arrange: an activity with a proof file.
      const user = await createUser(runtime);
      const as = api(runtime, user.accessToken);
      const certification = await createCertification(as, CERTIFICATION);
      const activity = await createActivity(as, {
        certification_id: certification.certification_id,
        activity_name: 'Seminar',
        cpe_units: 2,
        activity_date: '2024-06-01',
      });
      const pdf = Buffer.from('%PDF-1.4\n% proof of attendance\n%%EOF\n', 'latin1');
      const upload = await uploadFile(as, { bytes: pdf });
      const attached = await as.post<{ file_id: string }>(
        `/api/activities/${activity.activity_id}/files`,
        { upload_id: upload.upload_id },
      );
      expect(attached.status).toBe(201);
      const fileId = attached.body.file_id;

      // Act: S3 fails while the file is deleted.
      s3.inject(faults.status(500));
      const deleted = await as.delete(`/api/files/${fileId}`);
      s3.inject(faults.pass);

      // Assert: the user is told it is deleted, and it is.
      expect(deleted.status).toBe(204);
      expect((await as.get(`/api/activities/${activity.activity_id}/files`)).body).toEqual([]);
      expect((await as.get(`/api/files/${fileId}`)).status).toBe(404);
    });
  });
});

const serverUrl = postgresServerUrl();
// A PostgreSQL connection only exists with the PostgreSQL backend (CI sets DATABASE_URL).
if (serverUrl) {
  describe('a PostgreSQL connection killed mid-request', () => {
    let runtime: TestRuntime;
    let user: TestUser;
    let admin: Awaited<ReturnType<typeof createPostgresBackend>>;

    beforeAll(async () => {
      runtime = await startTestRuntime('postgres');
      user = await createUser(runtime);
      admin = await createPostgresBackend({
        connectionString: runtime.databaseUrl ?? '',
        maxConnections: 2,
      });
    });
    afterAll(async () => {
      await admin.close();
      await runtime.destroy();
    });

    async function run(session: SqlSession, text: string) {
      return session.run({ text, parameters: [] });
    }

    /** The backend of the request's statement, once it waits for the lock the test holds. */
    async function blockedBackend(session: SqlSession): Promise<string> {
      for (let i = 0; i < 200; i++) {
        const found = await run(
          session,
          `select pid from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'
              and query ilike '%insert into certifications%'
              and pid <> pg_backend_pid()`,
        );
        const pid = found.rows[0]?.[0];
        if (pid) return pid;
        await sleep(25);
      }
      throw new Error('the request never reached the database');
    }

    it('answers 503 with its message, stores nothing, and serves the same request on a new connection', async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const locker = await admin.acquire();
      const killer = await admin.acquire();
      try {
        // Hold the table so the request's INSERT is in the database, waiting, when its connection dies.
        await run(locker, 'begin');
        await run(locker, 'lock table certifications in access exclusive mode');
        const request = api(runtime, user.accessToken).post('/api/certifications', CERTIFICATION);
        const pid = await blockedBackend(killer);
        await run(killer, `select pg_terminate_backend(${Number(pid)})`);
        await run(locker, 'rollback');

        const refused = await request;

        expect(refused.status).toBe(503);
        expect(refused.body).toEqual({ message: API_MESSAGES.databaseInterrupted });
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await storedCertifications(runtime, user)).toBe(0);

        const created = await api(runtime, user.accessToken).post(
          '/api/certifications',
          CERTIFICATION,
        );
        expect(created.status).toBe(201);
        expect(await storedCertifications(runtime, user)).toBe(1);
      } finally {
        await locker.release();
        await killer.release();
        warn.mockRestore();
      }
    });

    it('ends a Data API transaction whose connection dies: the statement fails as a database error, nothing is committed', async () => {
      const client = dataApiClient(runtime);
      const target = { resourceArn: LOCAL_CLUSTER_ARN, secretArn: LOCAL_SECRET_ARN };
      const insert = (transactionId?: string) =>
        new ExecuteStatementCommand({
          ...target,
          database: 'cpe',
          sql: `insert into certifications (user_id, certification_name, earned_date)
                values (cast(:id as uuid), 'In a transaction', date '2024-01-01')`,
          parameters: [{ name: 'id', value: { stringValue: user.userId } }],
          ...(transactionId ? { transactionId } : {}),
        });
      const before = await storedCertifications(runtime, user);
      const locker = await admin.acquire();
      const killer = await admin.acquire();
      try {
        const { transactionId } = await client.send(
          new BeginTransactionCommand({ ...target, database: 'cpe' }),
        );
        await run(locker, 'begin');
        await run(locker, 'lock table certifications in access exclusive mode');
        const statement = client.send(insert(transactionId)).then(
          () => undefined,
          (e: unknown) => e,
        );
        const pid = await blockedBackend(killer);
        await run(killer, `select pg_terminate_backend(${Number(pid)})`);
        await run(locker, 'rollback');

        expect(await statement).toMatchObject({
          name: 'DatabaseErrorException',
          message: expected.stringMatching(/SQLState: 57P01$/),
        });
        await expect(
          client.send(new CommitTransactionCommand({ ...target, transactionId })),
        ).rejects.toMatchObject({ name: 'TransactionNotFoundException' });
        expect(await storedCertifications(runtime, user)).toBe(before);

        await client.send(insert());
        expect(await storedCertifications(runtime, user)).toBe(before + 1);
      } finally {
        await locker.release();
        await killer.release();
      }
    });
  });
}
