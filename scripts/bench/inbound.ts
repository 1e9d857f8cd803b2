/**
 * A forwarded certificate becoming a proposal, on the local runtime (PGlite,
 * or DATABASE_URL's PostgreSQL when given): from `POST /_dev/inbound` of a
 * message with a one-page certificate PDF (SES's S3 action and Lambda
 * action, the inbound function in its worker reading the PDF's text) to
 * the proposal listed by GET /api/proposals, as the inbox shows it. The
 * first message meets a cold function (its container, mailparser and PDF.js
 * loading): reported on its own; the budget is the median of the runs after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalRuntime } from '@cpe/local';
import { CERTIFICATE, certificatePdf, rfc822 } from '@cpe/test-support/inbound-mail';
import { api, createUser } from '@cpe/test-support/users';
import { BUDGETS } from './budgets';
import { type Figure, median, report } from './report';

const RUNS = 7;

export async function benchInbound(databaseUrl = process.env.DATABASE_URL): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cpe-bench-'));
  const runtime = await startLocalRuntime({
    port: 0,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    webDistDir: path.resolve(__dirname, '../../packages/web/dist'),
    schedules: false,
    log: () => undefined,
  });
  try {
    const user = await createUser(runtime);
    const as = api(runtime, user.accessToken);
    const settings = (await as.get('/api/account/settings')).body as {
      forwarding_address: string;
    };
    const pdf = await certificatePdf(CERTIFICATE);
    const message = (n: number) =>
      rfc822({
        to: settings.forwarding_address,
        subject: `Your certificate ${n}`,
        text: 'Your certificate is attached.',
        attachments: [{ name: `certificate-${n}.pdf`, type: 'application/pdf', bytes: pdf }],
      });

    const seconds: number[] = [];
    for (let n = 1; n <= RUNS; n++) {
      const body = message(n);
      const started = performance.now();
      const answer = await fetch(`${runtime.url}/_dev/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'message/rfc822' },
        body,
      });
      if (answer.status !== 202) {
        throw new Error(`/_dev/inbound answered ${answer.status}: ${await answer.text()}`);
      }
      const listed = await as.get('/api/proposals');
      const elapsed = (performance.now() - started) / 1000;
      const names = (listed.body as Array<{ proof: { file_name: string } | null }>).map(
        (p) => p.proof?.file_name,
      );
      if (!names.includes(`certificate-${n}.pdf`)) {
        throw new Error(`the inbox does not list certificate-${n}.pdf: ${JSON.stringify(names)}`);
      }
      seconds.push(elapsed);
    }

    const [cold = 0, ...warm] = seconds;
    const figures: Figure[] = [
      {
        what: `forwarded certificate PDF to a listed proposal, median of ${warm.length} (${databaseUrl ? 'postgres' : 'pglite'})`,
        value: median(warm),
        unit: 's',
        budget: BUDGETS.inboundSeconds,
        kind: 'max',
      },
      { what: 'the first message (cold function)', value: cold, unit: 's', kind: 'max' },
      { what: 'slowest after it', value: Math.max(...warm), unit: 's', kind: 'max' },
    ];
    return report('Forwarded email to proposal (local runtime)', figures);
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
