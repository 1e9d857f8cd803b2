/**
 * Reminders: the daily digest job (a scheduled Lambda; locally the runtime's
 * scheduler and POST /_dev/schedules/reminder-digest), the unsubscribe link
 * of its emails, and the private calendar feed. docs/reminders.md says what
 * is sent when.
 */
import { remindersRoutes } from '@cpe/shared/routes';
import { createHash, randomUUID } from 'node:crypto';
import { API_MESSAGES, todayIso } from '@cpe/shared';
import { todayIn } from '@cpe/shared/dates';
import type { Mailer } from '../aws/ses';
import { calendarFeedData } from '../data/account';
import type * as digest from '../reminders/digest';
import type { DigestClaim } from '../reminders/digest';
import { FIRST_USER_ID, claimAndReadPage, markSent, setReminders } from '../data/reminders';
import { NotFoundError, ValidationError } from '../errors';
import { createHandler } from '../http/handler';
import { logger } from '../log';
import { RawReply } from '../http/respond';
import { createUnsubscribeTokens } from '../reminders/unsubscribe-token';
import type { HandlerDeps } from './deps';

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

type DigestModule = typeof digest;

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
 * id). One Data API call per page reads its users' certifications and
 * credits, and claims the reminders worked out for the page before (the
 * rules engine, between calls); each user of that page then gets one digest
 * of what the run holds (at most REMINDER_SEND_CONCURRENCY at once). A
 * digest that fails to send is not marked sent; its claim goes stale and a
 * later run sends it, if still due (docs/decisions/071).
 */
export function createReminderDigestHandler(
  deps: Pick<HandlerDeps, 'db' | 'config' | 'mailer' | 'clock' | 'secrets'>,
): ReminderDigestHandler {
  const { db, config, mailer, clock } = deps;
  const tokens = createUnsubscribeTokens(deps.secrets, config.REMINDER_SECRET_ARN);
  const pageSize = config.REMINDER_PAGE_SIZE;
  /**
   * The catalogue and the digest's texts load with the first run (the
   * bundler makes digest.ts a file of its own), keeping the bundle small.
   */
  let digestModule: Promise<DigestModule> | undefined;

  async function send(claim: DigestClaim, runId: string, mail: Mailer) {
    try {
      const { reminderDigest } = await (digestModule ??= import('../reminders/digest'));
      await mail.send(reminderDigest(config, claim, await tokens.sign(claim.userId)));
      return true;
    } catch (error) {
      logger.error('reminder digest failed; sent by a later run', {
        runId,
        userId: claim.userId,
        error: String(error),
      });
      return false;
    }
  }

  return async (event) => {
    const now = runMoment(event, clock.now());
    const today = todayIso(now);
    const runId = randomUUID();
    const { digestsOf, candidatesOf } = await (digestModule ??= import('../reminders/digest'));
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
    /** The last page's digests, worked out and not yet claimed. */
    let pending: DigestClaim[] = [];
    let sentUsers: string[] = [];
    for (;;) {
      const page = await claimAndReadPage(db, {
        runId,
        now,
        after,
        pageSize,
        candidates: candidatesOf(pending),
        sentUsers,
      });
      result.dataApiCalls += 1;
      sentUsers = [];
      // Send what this run now holds of the last page's reminders.
      const held = new Set(page.claimed.map((c) => `${c.certificationId}/${c.key}`));
      const digests = pending.flatMap((d) => {
        const reminders = d.reminders.filter((r) => held.has(`${r.certificationId}/${r.key}`));
        return reminders.length === 0 ? [] : [{ ...d, reminders }];
      });
      const outcomes = await mapLimit(digests, config.REMINDER_SEND_CONCURRENCY, (claim) =>
        send(claim, runId, mailer),
      );
      digests.forEach((claim, i) => {
        if (outcomes[i]) {
          sentUsers.push(claim.userId);
          result.digests += 1;
          result.reminders += claim.reminders.length;
        } else {
          result.failed += 1;
        }
      });
      const last = page.users.at(-1);
      if (!last) break;
      result.users += page.users.length;
      pending = digestsOf(page.users, now);
      after = last.userId;
    }
    if (sentUsers.length > 0) {
      await markSent(db, runId, now, sentUsers);
      result.dataApiCalls += 1;
    }
    logger.info('reminder run', { ...result });
    return result;
  };
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

  return createHandler(remindersRoutes, {
    async getUnsubscribe({ query }) {
      await userOf(query.token);
      // The app's page asks first and offers Undo; this address stays for older emails.
      const page = `${config.SITE_URL.replace(/\/$/, '')}/unsubscribe?token=${encodeURIComponent(query.token)}`;
      return new RawReply('', 'text/plain; charset=utf-8', { location: page });
    },
    async unsubscribe({ query }) {
      // A deleted account has nothing left to turn off: the same answer.
      await setReminders(db, await userOf(query.token), false);
      return { reminders_enabled: false };
    },
    async undoUnsubscribe({ query }) {
      const userId = await userOf(query.token);
      if (!(await setReminders(db, userId, true))) throw new NotFoundError();
      return { reminders_enabled: true };
    },
    async getCalendarFeed({ id }) {
      const token = id.slice(0, -'.ics'.length);
      const feed = await calendarFeedData(db, sha256Hex(token));
      if (feed === undefined) throw new NotFoundError();
      // The holder's date, as their reminders and pages count it.
      const today = todayIn(feed.certifications[0]?.timeZone ?? null, clock.now());
      // The iCalendar library and the catalogue load with the first feed, not
      // with every unsubscribe (the bundler makes calendar.ts a file of its own).
      const { calendarFeed } = await import('../reminders/calendar');
      return new RawReply(
        calendarFeed(feed.certifications, {
          today,
          now: clock.now(),
          revisions: feed.revisions,
          domain,
          siteUrl: config.SITE_URL.replace(/\/$/, ''),
        }),
        'text/calendar; charset=utf-8',
        { 'content-disposition': 'inline; filename="cpe-tracker.ics"' },
      );
    },
  });
}
