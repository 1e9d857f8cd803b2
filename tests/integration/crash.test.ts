/**
 * Crash safety of the local runtime: write load from several clients, SIGKILL
 * the process mid-write, start it again on the same state. It must start every
 * time, and every write it acknowledged must be there: certifications (the
 * database), sign-ups (the user pool's state file) and their code emails (the
 * outbox log).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Certification } from '@cpe/shared';
import { createPostgresTestDatabase, type TestDatabase } from '../support/backends';
import { WEB_DIST_DIR, backendNames } from '../support/runtime';
import {
  type TestUser,
  api,
  cognitoClient,
  createUser,
  outboxAt,
  uniqueEmail,
} from '../support/users';

const MAIN = path.resolve(__dirname, '../../packages/local/src/main.ts');

interface Running {
  url: string;
  userPoolClientId: string;
  child: ChildProcess;
}

/** The runtime as `npm start` runs it, in a process of its own; restarts keep the first port, as tokens name it. */
function start(env: Record<string, string>, port = '0'): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          url: match[1].replace('localhost', '127.0.0.1'),
          userPoolClientId: 'cpelocalclient1234567890ab',
          child,
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the runtime exited with ${code} before starting:\n${output}`));
    });
  });
}

function kill(running: Running): Promise<void> {
  return new Promise((resolve) => {
    running.child.once('exit', () => resolve());
    running.child.kill('SIGKILL');
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backendNames())('a runtime killed mid-write on %s', (backend) => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cpe-crash-'));
    const serverUrl = process.env.DATABASE_URL;
    if (backend === 'postgres' && serverUrl) database = await createPostgresTestDatabase(serverUrl);
    env = {
      LOCAL_DATA_DIR: dataDir,
      WEB_DIST_DIR,
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts again every time with every acknowledged write', async () => {
    let running = await start(env);
    const user: TestUser = await createUser(running);
    const certifications = new Set<string>();
    const signUps: string[] = [];

    for (let round = 0; round < 3; round++) {
      let stop = false;
      const client = api(running, user.accessToken);
      const writers = Array.from({ length: 4 }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          const answer = await client
            .post('/api/certifications', {
              certification_name: `Round ${round} writer ${w} #${i}`,
              earned_date: '2024-01-15',
              expiry_date: '2027-01-15',
              cpe_needed: 120,
              verification_link: null,
            })
            .catch(() => undefined);
          if (answer?.status === 201) {
            certifications.add((answer.body as Certification).certification_id);
          }
        }
      });
      const signer = (async () => {
        while (!stop) {
          const email = uniqueEmail('crash');
          const ok = await cognitoClient(running)
            .send(
              new SignUpCommand({
                ClientId: running.userPoolClientId,
                Username: email,
                Password: 'correct horse battery',
                UserAttributes: [{ Name: 'email', Value: email }],
              }),
            )
            .then(
              () => true,
              () => false,
            );
          if (ok) signUps.push(email);
        }
      })();
      await pause(400 + Math.floor(Math.random() * 800));
      await kill(running);
      stop = true;
      await Promise.all([...writers, signer]);

      running = await start(env, new URL(running.url).port);
      const list = await api(running, user.accessToken).get(`/api/certifications/${user.userId}`);
      expect(list.status).toBe(200);
      const stored = new Set((list.body as Certification[]).map((c) => c.certification_id));
      expect([...certifications].filter((id) => !stored.has(id))).toEqual([]);
      const outbox = await outboxAt(running);
      const mailed = new Set(outbox.map((m) => m.to));
      expect(signUps.filter((email) => !mailed.has(email))).toEqual([]);
      for (const email of signUps) {
        await expect(
          cognitoClient(running).send(
            new SignUpCommand({
              ClientId: running.userPoolClientId,
              Username: email,
              Password: 'correct horse battery',
              UserAttributes: [{ Name: 'email', Value: email }],
            }),
          ),
        ).rejects.toMatchObject({ name: 'UsernameExistsException' });
      }
    }
    expect(certifications.size).toBeGreaterThan(0);
    expect(signUps.length).toBeGreaterThan(0);
    await kill(running);
  }, 240_000);
});
