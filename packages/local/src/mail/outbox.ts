/**
 * Every email the app or the user pool "sent": kept under LOCAL_DATA_DIR so it
 * survives a restart, shown at /_dev/mail (people) and /_dev/mail.json (scripts).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import type { HttpResponse } from '../http/types';
import { json } from '../http/types';

export interface Mail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

export interface Outbox {
  send(mail: { to: string; subject: string; text: string; from?: string }): Promise<Mail>;
  /** Newest first. */
  list(): Mail[];
  jsonPage(): HttpResponse;
  htmlPage(): HttpResponse;
}

const DEFAULT_FROM = 'no-reply@cpetracker.local';

export function createOutbox(options: {
  dataDir?: string;
  clock?: Clock;
  log?: (line: string) => void;
}): Outbox {
  const clock = options.clock ?? systemClock;
  const file = options.dataDir ? path.join(options.dataDir, 'mail.json') : undefined;
  let mails: Mail[] =
    file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Mail[]) : [];

  function persist(): void {
    if (!file) return;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(mails, null, 2));
  }

  return {
    async send({ to, subject, text, from = DEFAULT_FROM }) {
      const mail: Mail = {
        id: randomUUID(),
        from,
        to,
        subject,
        text,
        sentAt: clock.now().toISOString(),
      };
      mails = [mail, ...mails];
      persist();
      options.log?.(`mail to ${to}: ${subject}`);
      return mail;
    },
    list: () => mails,
    jsonPage: () => json(200, mails, { 'cache-control': 'no-store' }),
    htmlPage: () => ({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      body: renderHtml(mails),
    }),
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function renderHtml(mails: Mail[]): string {
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> from ${escapeHtml(m.from)}, <time datetime="${m.sentAt}">${m.sentAt}</time></p>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local outbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #212529; }
  article { border: 1px solid #dee2e6; border-radius: .5rem; padding: 0 1rem; margin: 1rem 0; }
  h2 { font-size: 1.1rem; margin: .75rem 0 .25rem; }
  .meta { color: #6c757d; margin: 0; font-size: .9rem; }
  pre { white-space: pre-wrap; font: inherit; background: #f8f9fa; padding: .75rem; border-radius: .25rem; }
</style>
</head><body>
<h1>Local outbox</h1>
<p>Every email sent by the local runtime, newest first. <a href="/_dev/mail.json">JSON</a></p>
${items || '<p>No email sent yet.</p>'}
</body></html>`;
}
