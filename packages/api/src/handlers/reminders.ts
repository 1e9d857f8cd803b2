/**
 * Reminders: the daily digest job (a scheduled Lambda; locally the runtime's
 * scheduler and POST /_dev/schedules/reminder-digest), the unsubscribe link
 * of its emails, and the private calendar feed. docs/reminders.md says what
 * is sent when.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  API_MESSAGES,
  type CatalogueEntry,
  catalogueEntries,
  catalogueEntryById,
  reminderText,
  todayIso,
} from '@cpe/shared';
import type { Mailer, OutgoingMail } from '../aws/ses';
import type { ApiConfig } from '../config';
import {
  type ClaimedReminder,
  type DigestClaim,
  FIRST_USER_ID,
  calendarCertifications,
  catalogueRules,
  claimPage,
  disableReminders,
  markSent,
} from '../data/reminders';
import { NotFoundError, ValidationError } from '../errors';
import { createHandler } from '../http/handler';
import { RawReply } from '../http/respond';
import { calendarFeed } from '../reminders/calendar';
import { createUnsubscribeTokens } from '../reminders/unsubscribe-token';
import type { HandlerDeps } from './deps';

type DigestConfig = Pick<ApiConfig, 'MAIL_FROM_ADDRESS' | 'SITE_URL'>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function unsubscribeUrl(config: Pick<ApiConfig, 'SITE_URL'>, token: string): string {
  return `${config.SITE_URL.replace(/\/$/, '')}/api/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Lines per certification, in the order the statement answered (deadline first). */
function byCertification(reminders: readonly ClaimedReminder[]) {
  const groups = new Map<string, ClaimedReminder[]>();
  for (const r of reminders) {
    const list = groups.get(r.certificationId) ?? [];
    list.push(r);
    groups.set(r.certificationId, list);
  }
  return [...groups.values()];
}

function lineOf(r: ClaimedReminder, today: string): string {
  const entry: CatalogueEntry | undefined = r.catalogueId
    ? catalogueEntryById(r.catalogueId)
    : undefined;
  const categoryId = r.kind === 'category-minimum' ? r.key.split(':')[2] : undefined;
  return reminderText({ kind: r.kind, date: r.deadline }, today, {
    unit: r.unit,
    entry,
    ...(categoryId ? { categoryId } : {}),
  });
}

/** One user's digest: plain text and HTML, with the one-click unsubscribe headers (RFC 8058). */
export function reminderDigest(
  config: DigestConfig,
  claim: DigestClaim,
  unsubscribeToken: string,
  today: string,
): OutgoingMail {
  const link = unsubscribeUrl(config, unsubscribeToken);
  const app = `${config.SITE_URL.replace(/\/$/, '')}/mycertifications`;
  const groups = byCertification(claim.reminders);
  const count = claim.reminders.length;
  const subject =
    groups.length === 1 && groups[0]?.[0]
      ? `CPE Tracker: ${groups[0][0].certificationName} ${lineOf(groups[0][0], today)}`.slice(
          0,
          180,
        )
      : `CPE Tracker: ${count} reminders for ${groups.length} certifications`;
  const text = [
    'Your certification reminders:',
    '',
    ...groups.flatMap((g) => [
      `${g[0]?.certificationName ?? ''}`,
      ...g.map((r) => `  - ${lineOf(r, today)}`),
      '',
    ]),
    `Open CPE Tracker: ${app}`,
    '',
    `Stop these emails: ${link}`,
    'Choose which reminders you get on your account page.',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body>
<p>Your certification reminders:</p>
${groups
  .map(
    (g) =>
      `<h3>${escapeHtml(g[0]?.certificationName ?? '')}</h3>\n<ul>${g
        .map((r) => `<li>${escapeHtml(lineOf(r, today))}</li>`)
        .join('')}</ul>`,
  )
  .join('\n')}
<p><a href="${escapeHtml(app)}">Open CPE Tracker</a></p>
<p style="font-size:small">Choose which reminders you get on your account page, or <a href="${escapeHtml(link)}">stop these emails</a>.</p>
</body></html>`;
  return {
    from: config.MAIL_FROM_ADDRESS,
    to: claim.email,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Runs `work` over `items`, at most `limit` at once; answers each outcome in order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export interface ReminderRunEvent {
  /** Run as of this moment instead of the clock's (ISO timestamp). */
  now?: string;
}

export interface ReminderRunResult {
  runId: string;
  today: string;
  /** Users with reminders on, looked at. */
  users: number;
  digests: number;
  reminders: number;
  /** Digests whose send failed: their reminders go out with a later run. */
  failed: number;
  /** Data API calls the run made. */
  dataApiCalls: number;
}

export type ReminderDigestHandler = (event?: ReminderRunEvent) => Promise<ReminderRunResult>;

function runMoment(event: ReminderRunEvent | undefined, fallback: Date): Date {
  const given = event?.now;
  if (given === undefined) return fallback;
  const at = new Date(given);
  if (typeof given !== 'string' || Number.isNaN(at.getTime())) {
    throw new ValidationError('Invalid run: now must be an ISO timestamp', {
      now: 'must be an ISO timestamp',
    });
  }
  return at;
}

/**
 * The daily job: pages through every user with reminders on (keyset by user
 * id), one Data API call per page that selects and claims what is due, and
 * sends each user of the page one digest (at most REMINDER_SEND_CONCURRENCY
 * at once). A digest that fails to send is not marked sent; its claim goes
 * stale and a later run sends it, if still due (docs/decisions/071).
 */
export function createReminderDigestHandler(
  deps: Pick<HandlerDeps, 'db' | 'config' | 'mailer' | 'clock' | 'secrets'>,
): ReminderDigestHandler {
  const { db, config, mailer, clock } = deps;
  const tokens = createUnsubscribeTokens(deps.secrets, config.REMINDER_SECRET_ARN);
  const rules = catalogueRules(catalogueEntries());
  const pageSize = config.REMINDER_PAGE_SIZE;

  async function send(claim: DigestClaim, today: string, runId: string, mail: Mailer) {
    try {
      await mail.send(reminderDigest(config, claim, await tokens.sign(claim.userId), today));
      return true;
    } catch (error) {
      console.error(
        JSON.stringify({
          level: 'error',
          msg: 'reminder digest failed; sent by a later run',
          runId,
          userId: claim.userId,
          error: String(error),
        }),
      );
      return false;
    }
  }

  return async (event) => {
    const now = runMoment(event, clock.now());
    const today = todayIso(now);
    const runId = randomUUID();
    const result: ReminderRunResult = {
      runId,
      today,
      users: 0,
      digests: 0,
      reminders: 0,
      failed: 0,
      dataApiCalls: 0,
    };
    let after = FIRST_USER_ID;
    let sentUsers: string[] = [];
    for (;;) {
      const page = await claimPage(db, { runId, today, now, after, pageSize, rules, sentUsers });
      result.dataApiCalls += 1;
      sentUsers = [];
      if (page.lastUserId === null) break;
      result.users += page.users;
      const outcomes = await mapLimit(page.digests, config.REMINDER_SEND_CONCURRENCY, (claim) =>
        send(claim, today, runId, mailer),
      );
      page.digests.forEach((claim, i) => {
        if (outcomes[i]) {
          sentUsers.push(claim.userId);
          result.digests += 1;
          result.reminders += claim.reminders.length;
        } else {
          result.failed += 1;
        }
      });
      after = page.lastUserId;
      if (page.users < pageSize) break;
    }
    if (sentUsers.length > 0) {
      await markSent(db, runId, now, sentUsers);
      result.dataApiCalls += 1;
    }
    console.log(JSON.stringify({ level: 'info', msg: 'reminder run', ...result }));
    return result;
  };
}

function page(title: string, body: string): RawReply {
  return new RawReply(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    'text/html; charset=utf-8',
  );
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export function createRemindersHandler(
  deps: Pick<HandlerDeps, 'db' | 'config' | 'clock' | 'secrets'>,
) {
  const { db, config, clock } = deps;
  const tokens = createUnsubscribeTokens(deps.secrets, config.REMINDER_SECRET_ARN);
  const domain = new URL(config.SITE_URL).hostname;

  async function userOf(token: string): Promise<string> {
    const userId = await tokens.verify(token);
    if (userId === undefined) {
      throw new ValidationError(`Invalid request: token ${API_MESSAGES.badUnsubscribeToken}`, {
        token: API_MESSAGES.badUnsubscribeToken,
      });
    }
    return userId;
  }

  return createHandler('reminders', {
    async getUnsubscribe({ query }) {
      await userOf(query.token);
      const action = `/api/unsubscribe?token=${encodeURIComponent(query.token)}`;
      return page(
        'Stop reminder emails?',
        `<p>CPE Tracker emails you when a certification nears a deadline.</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Turn reminder emails off</button></form>`,
      );
    },
    async unsubscribe({ query }) {
      // A deleted account has nothing left to turn off: the same answer.
      await disableReminders(db, await userOf(query.token));
      return page('Reminder emails are off', `<p>${escapeHtml(API_MESSAGES.unsubscribed)}</p>`);
    },
    async getCalendarFeed({ id }) {
      const token = id.slice(0, -'.ics'.length);
      const today = todayIso(clock.now());
      const certifications = await calendarCertifications(db, sha256Hex(token), today);
      if (certifications === undefined) throw new NotFoundError();
      return new RawReply(
        calendarFeed(certifications, {
          today,
          domain,
          siteUrl: config.SITE_URL.replace(/\/$/, ''),
        }),
        'text/calendar; charset=utf-8',
        { 'content-disposition': 'inline; filename="cpe-tracker.ics"' },
      );
    },
  });
}
