/**
 * What a reminder digest says: one email per user and run, plain text and
 * HTML, with the one-click unsubscribe headers (RFC 8058), and which
 * reminders fall due for a page of users (the rules engine's standing of
 * each certification, through dueReminders). The catalogue is read here, so
 * the job loads it with its first run.
 */
import {
  type Reminder,
  type Standing,
  catalogueEntryById,
  dueReminders,
  evaluate,
} from '@cpe/shared';
import { todayIn } from '@cpe/shared/dates';
import { MAIL_DEFAULT_LOCALE, MAIL_DEFAULT_TIME_ZONE } from '@cpe/shared/account';
import type { OutgoingMail } from '../aws/ses';
import type { ApiConfig } from '../config';
import type { Candidate, PageUser } from '../data/reminders';
import {
  BRAND_COLOUR,
  buttonHtml,
  escapeHtml,
  headingHtml,
  linkHtml,
  mailHtml,
  paragraphHtml,
} from '../mail/layout';
import { type MailWords, mailWords } from '../mail/words';
import { cutAtGrapheme } from '../reports/graphemes';

/** A reminder of one certification, with what the digest says of it. */
export interface DigestLine extends Reminder {
  certificationId: string;
  certificationName: string;
  /** The certification's figures as of the user's today (the rules engine's standing). */
  figures: Pick<
    Standing,
    'unit' | 'earned' | 'target' | 'expectedSoFar' | 'monthlyPaceNeeded' | 'stillToEarn'
  >;
}

/** One user's reminders: one digest. */
export interface DigestClaim {
  userId: string;
  email: string;
  /** The BCP 47 locale dates and numbers are written in. */
  locale: string;
  /** The IANA zone `today` is the date of. */
  timeZone: string;
  /** The user's date when the run looked (YYYY-MM-DD, in their time zone). */
  today: string;
  reminders: DigestLine[];
}

/**
 * The reminders due for each user of a page (users with none are left out),
 * each as of the user's own date at `now`: a run at 08:00 UTC is the evening
 * in Sydney and the night before in Honolulu.
 */
export function digestsOf(users: readonly PageUser[], now: Date): DigestClaim[] {
  return users.flatMap((user) => {
    const timeZone = user.timeZone ?? MAIL_DEFAULT_TIME_ZONE;
    const today = todayIn(timeZone, now);
    const reminders = user.certifications.flatMap(({ stored, credits, unsubmitted }) => {
      const entry = stored.catalogue_id ? catalogueEntryById(stored.catalogue_id) : undefined;
      const standing = evaluate(entry, stored, credits, today);
      const { unit, earned, target, expectedSoFar, monthlyPaceNeeded, stillToEarn } = standing;
      return dueReminders(standing, today, user.leadDays, { unsubmittedCredits: unsubmitted }).map(
        (r): DigestLine => ({
          ...r,
          certificationId: stored.certification_id,
          certificationName: stored.certification_name,
          figures: { unit, earned, target, expectedSoFar, monthlyPaceNeeded, stillToEarn },
        }),
      );
    });
    // Soonest deadline first, as the digest lists them.
    reminders.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.key < b.key ? -1 : 1));
    return reminders.length === 0
      ? []
      : [
          {
            userId: user.userId,
            email: user.email,
            locale: user.locale ?? MAIL_DEFAULT_LOCALE,
            timeZone,
            today,
            reminders,
          },
        ];
  });
}

/** The digests' reminders, as the statement claims them. */
export function candidatesOf(digests: readonly DigestClaim[]): Candidate[] {
  return digests.flatMap((d) =>
    d.reminders.map((r) => ({
      certificationId: r.certificationId,
      userId: d.userId,
      kind: r.kind,
      deadline: r.date,
      key: r.key,
    })),
  );
}

export type DigestConfig = Pick<ApiConfig, 'MAIL_FROM_ADDRESS' | 'SITE_URL'>;

const siteOf = (config: Pick<ApiConfig, 'SITE_URL'>) => config.SITE_URL.replace(/\/$/, '');

/** The one-click address (RFC 8058) mail clients post to: the List-Unsubscribe header's. */
export function unsubscribeUrl(config: Pick<ApiConfig, 'SITE_URL'>, token: string): string {
  return `${siteOf(config)}/api/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The app's page the digest's "stop these emails" link opens: it asks, then offers Undo. */
export function unsubscribePageUrl(config: Pick<ApiConfig, 'SITE_URL'>, token: string): string {
  return `${siteOf(config)}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** A subject's most, in UTF-16 code units: mail clients show about this much. */
export const SUBJECT_MAX_LENGTH = 180;
const SUBJECT_PREFIX = 'CPE Tracker: ';

/** What a subject keeps of a certification's name however long the reminder's text. */
const SUBJECT_NAME_AT_LEAST = 40;

/** `text` cut between graphemes to at most `max` code units, with an ellipsis when cut. */
const within = (text: string, max: number) =>
  text.length <= max ? text : `${cutAtGrapheme(text, Math.max(0, max - 1)).trimEnd()}…`;

/**
 * The subject of a digest about one certification: its name, cut between
 * graphemes with an ellipsis when the whole would be too long, then the
 * reminder's own text (what tells one reminder from another), whole unless
 * it would leave the name less than SUBJECT_NAME_AT_LEAST: then its end is
 * cut instead (the body has it whole).
 */
export function reminderSubject(certificationName: string, reminderText: string): string {
  const room = SUBJECT_MAX_LENGTH - SUBJECT_PREFIX.length - 1;
  const nameRoom = Math.max(
    Math.min(certificationName.length, SUBJECT_NAME_AT_LEAST),
    room - reminderText.length,
  );
  const name = within(certificationName, nameRoom);
  return `${SUBJECT_PREFIX}${name} ${within(reminderText, room - name.length)}`;
}

/** Lines per certification, in the order the digest lists them (deadline first). */
function byCertification(reminders: readonly DigestLine[]) {
  const groups = new Map<string, DigestLine[]>();
  for (const r of reminders) {
    const list = groups.get(r.certificationId) ?? [];
    list.push(r);
    groups.set(r.certificationId, list);
  }
  return [...groups.values()];
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the digest says of one reminder, in the reader's words, and where to act on it. */
export interface LineWords {
  /** After the certification's name in a subject: "is 12 CPEs behind pace". */
  phrase: string;
  /** The line's first sentence, with the shortfall's figures and unit. */
  headline: string;
  /** What else it takes, or null. */
  detail: string | null;
  action: { label: string; url: string };
}

export function lineWords(
  line: DigestLine,
  words: MailWords,
  today: string,
  config: Pick<ApiConfig, 'SITE_URL'>,
): LineWords {
  const site = siteOf(config);
  const id = encodeURIComponent(line.certificationId);
  const readiness = { label: 'See what is missing', url: `${site}/readiness/${id}` };
  const { unit, earned, target, expectedSoFar, monthlyPaceNeeded, stillToEarn } = line.figures;
  if (line.kind === 'behind-pace' && expectedSoFar !== null && target !== null) {
    const pace =
      monthlyPaceNeeded === null ? '' : `: about ${words.units(monthlyPaceNeeded, unit)} a month`;
    const action = { label: 'Log an activity', url: `${site}/addactivity/${id}` };
    // What is still needed is the engine's: the total's, a rolling window's or the categories'.
    const needed = words.units(stillToEarn, unit);
    const detail = `${needed} still needed by ${words.date(line.date)}${pace}`;
    if (earned < expectedSoFar) {
      const behind = words.units(expectedSoFar - earned, unit);
      return {
        phrase: `is ${behind} behind pace`,
        headline: `${behind} behind pace: ${words.number(earned)} of ${words.number(expectedSoFar)} expected by ${words.date(today)}`,
        detail,
        action,
      };
    }
    // The total keeps pace but a rolling window or a category does not: no "so far" to compare.
    return {
      phrase: `is behind pace: ${needed} still needed`,
      headline: `Behind pace`,
      detail,
      action,
    };
  }
  const text = words.text(line.text);
  return { phrase: text, headline: capitalise(text), detail: null, action: readiness };
}

/**
 * One user's digest: every reminder with its figures and a link to act on
 * it, in the user's locale and as of their date; an HTML layout
 * (mail/layout.ts) and the same in plain text; the one-click unsubscribe
 * headers (RFC 8058).
 */
export function reminderDigest(
  config: DigestConfig,
  claim: DigestClaim,
  unsubscribeToken: string,
): OutgoingMail {
  const site = siteOf(config);
  const words = mailWords(claim.locale);
  const oneClick = unsubscribeUrl(config, unsubscribeToken);
  const stopPage = unsubscribePageUrl(config, unsubscribeToken);
  const app = `${site}/mycertifications`;
  const settings = `${site}/account`;
  const groups = byCertification(claim.reminders).map((lines) => ({
    name: lines[0]?.certificationName ?? '',
    lines: lines.map((line) => lineWords(line, words, claim.today, config)),
  }));
  const count = claim.reminders.length;
  const only = groups.length === 1 ? groups[0] : undefined;
  const first = only?.lines[0];
  const more = count - 1;
  const subject =
    only && first
      ? reminderSubject(only.name, `${first.phrase}${more > 0 ? ` (and ${more} more)` : ''}`)
      : `${SUBJECT_PREFIX}${count} reminders for ${groups.length} certifications`;
  const title = `Your reminders for ${words.date(claim.today)}`;
  const why = 'You get this email because reminders are on for your CPE Tracker account.';

  const text = [
    `CPE Tracker: ${title}`,
    '',
    ...groups.flatMap((g) => [
      g.name,
      ...g.lines.flatMap((l) => [
        `  - ${l.headline}`,
        ...(l.detail ? [`    ${l.detail}`] : []),
        `    ${l.action.label}: ${l.action.url}`,
      ]),
      '',
    ]),
    `Open CPE Tracker: ${app}`,
    '',
    why,
    `Choose which reminders you get: ${settings}`,
    `Stop these emails: ${stopPage}`,
    '',
  ].join('\n');

  const body = groups
    .map(
      (g) =>
        `${headingHtml(g.name)}\n${g.lines
          .map(
            (l) =>
              `<div style="border-left:4px solid ${BRAND_COLOUR};padding:4px 0 4px 12px;margin:0 0 16px">${paragraphHtml(
                `<strong>${escapeHtml(l.headline)}</strong>${l.detail ? `<br>${escapeHtml(l.detail)}` : ''}`,
              )}${buttonHtml(l.action.label, l.action.url)}</div>`,
          )
          .join('\n')}`,
    )
    .join('\n');
  const html = mailHtml({
    lang: words.locale,
    title,
    preheader: groups.flatMap((g) => g.lines.map((l) => `${g.name}: ${l.headline}`)).join(' · '),
    body: `${body}\n${paragraphHtml(linkHtml('Open CPE Tracker', app))}`,
    footer: `${escapeHtml(why)}<br>${linkHtml('Choose which reminders you get', settings)} · ${linkHtml('Stop these emails', stopPage)}`,
  });
  return {
    from: config.MAIL_FROM_ADDRESS,
    to: claim.email,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
