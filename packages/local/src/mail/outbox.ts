/**
 * Every email the app or the user pool "sent": kept under LOCAL_DATA_DIR so it
 * survives a restart, shown at /_dev/mail (people) and /_dev/mail.json (scripts).
 *
 * On disk it is a JSON Lines log (mail.jsonl): each message is one appended
 * line, so sending costs the same however full the outbox is, and a crash in
 * the middle of a write loses at most that line. Only the newest `limit`
 * messages are kept; the log is compacted (rewritten atomically) when it holds
 * twice that many.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import type { HttpResponse } from '../http/types';
import { json } from '../http/types';
import {
  appendLine,
  quarantine,
  readJsonLines,
  readJsonState,
  writeFileAtomic,
} from '../state/files';

export interface Mail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative, when the sender gave one. */
  html?: string;
  sentAt: string;
  /** Extra headers the sender set (List-Unsubscribe...). */
  headers?: Record<string, string>;
}

export interface OutgoingLocalMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
  headers?: Record<string, string>;
}

export interface Outbox {
  send(mail: OutgoingLocalMail): Promise<Mail>;
  /** Newest first. */
  list(): Mail[];
  jsonPage(): HttpResponse;
  htmlPage(): HttpResponse;
}

const DEFAULT_FROM = 'no-reply@cpetracker.local';
export const DEFAULT_OUTBOX_LIMIT = 1000;

function isMail(value: unknown): value is Mail {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return ['id', 'from', 'to', 'subject', 'text', 'sentAt'].every(
    (key) => Object.hasOwn(m, key) && typeof m[key] === 'string',
  );
}

const isMailList = (value: unknown): value is Mail[] => Array.isArray(value) && value.every(isMail);

export function createOutbox(options: {
  dataDir?: string;
  clock?: Clock;
  log?: (line: string) => void;
  /** How many messages are kept (the newest). */
  limit?: number;
}): Outbox {
  const clock = options.clock ?? systemClock;
  const warn = options.log ?? ((line: string) => console.warn(line));
  const limit = options.limit ?? DEFAULT_OUTBOX_LIMIT;
  const file = options.dataDir ? path.join(options.dataDir, 'mail.jsonl') : undefined;
  /** Oldest first, as in the log. */
  let mails: Mail[] = [];
  let linesInFile = 0;

  if (file) {
    mails = readJsonLines(file, isMail, warn);
    linesInFile = mails.length;
    // Outboxes of earlier versions were one JSON array, newest first.
    const legacy = path.join(options.dataDir as string, 'mail.json');
    if (existsSync(legacy)) {
      const old = readJsonState(legacy, isMailList, warn);
      if (old) {
        mails = [...old.reverse(), ...mails];
        rewrite();
        quarantine(legacy, 'replaced by mail.jsonl', () => undefined);
      }
    }
    if (mails.length > limit) rewrite();
  }

  function rewrite(): void {
    mails = mails.slice(-limit);
    if (!file) return;
    writeFileAtomic(file, mails.map((m) => `${JSON.stringify(m)}\n`).join(''));
    linesInFile = mails.length;
  }

  function newestFirst(): Mail[] {
    return [...mails].reverse();
  }

  return {
    send({ to, subject, text, html, from = DEFAULT_FROM, headers }) {
      const mail: Mail = {
        id: randomUUID(),
        from,
        to,
        subject,
        text,
        ...(html !== undefined ? { html } : {}),
        sentAt: clock.now().toISOString(),
        ...(headers && Object.keys(headers).length > 0 ? { headers } : {}),
      };
      mails.push(mail);
      if (file) {
        appendLine(file, JSON.stringify(mail));
        linesInFile += 1;
      }
      if (mails.length > limit) mails = mails.slice(-limit);
      if (linesInFile > 2 * limit) rewrite();
      options.log?.(`mail to ${to}: ${subject}`);
      return Promise.resolve(mail);
    },
    list: newestFirst,
    jsonPage: () => json(200, newestFirst(), { 'cache-control': 'no-store' }),
    htmlPage: () => ({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      body: renderHtml(newestFirst()),
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
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> from ${escapeHtml(m.from)}, <time datetime="${m.sentAt}">${m.sentAt}</time></p>${
    m.headers
      ? `\n  <p class="meta">${Object.entries(m.headers)
          .map(([name, value]) => `${escapeHtml(name)}: ${escapeHtml(value)}`)
          .join('<br>')}</p>`
      : ''
  }
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
