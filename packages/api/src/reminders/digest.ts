/**
 * What a reminder digest says: one email per user and run, plain text and
 * HTML, with the one-click unsubscribe headers (RFC 8058), and which
 * reminders fall due for a page of users (the rules engine's standing of
 * each certification, through dueReminders). The catalogue is read here, so
 * the job loads it with its first run.
 */
import { catalogueEntryById, dueReminders, evaluate, type Reminder } from '@cpe/shared';
import type { OutgoingMail } from '../aws/ses';
import type { ApiConfig } from '../config';
import type { Candidate, PageUser } from '../data/reminders';
import { cutAtGrapheme } from '../reports/graphemes';

/** A reminder of one certification, with what the digest says of it. */
export interface DigestLine extends Reminder {
  certificationId: string;
  certificationName: string;
}

/** One user's reminders: one digest. */
export interface DigestClaim {
  userId: string;
  email: string;
  reminders: DigestLine[];
}

/** The reminders due on `today` for each user of a page (users with none are left out). */
export function digestsOf(users: readonly PageUser[], today: string): DigestClaim[] {
  return users.flatMap((user) => {
    const reminders = user.certifications.flatMap(({ stored, credits, unsubmitted }) => {
      const entry = stored.catalogue_id ? catalogueEntryById(stored.catalogue_id) : undefined;
      const standing = evaluate(entry, stored, credits, today);
      return dueReminders(standing, today, user.leadDays, { unsubmittedCredits: unsubmitted }).map(
        (r): DigestLine => ({
          ...r,
          certificationId: stored.certification_id,
          certificationName: stored.certification_name,
        }),
      );
    });
    // Soonest deadline first, as the digest lists them.
    reminders.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.key < b.key ? -1 : 1));
    return reminders.length === 0 ? [] : [{ userId: user.userId, email: user.email, reminders }];
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

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function unsubscribeUrl(config: Pick<ApiConfig, 'SITE_URL'>, token: string): string {
  return `${config.SITE_URL.replace(/\/$/, '')}/api/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** A subject's most, in UTF-16 code units: mail clients show about this much. */
export const SUBJECT_MAX_LENGTH = 180;
const SUBJECT_PREFIX = 'CPE Tracker: ';

/**
 * The subject of a digest about one certification: its name, cut between
 * graphemes with an ellipsis when the whole would be too long, then the
 * reminder's own text whole (what tells one reminder from another).
 */
export function reminderSubject(certificationName: string, reminderText: string): string {
  const tail = ` ${reminderText}`;
  const room = SUBJECT_MAX_LENGTH - SUBJECT_PREFIX.length - tail.length;
  const name =
    certificationName.length <= room
      ? certificationName
      : `${cutAtGrapheme(certificationName, Math.max(0, room - 1)).trimEnd()}…`;
  return `${SUBJECT_PREFIX}${name}${tail}`;
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

/** One user's digest: plain text and HTML, with the one-click unsubscribe headers (RFC 8058). */
export function reminderDigest(
  config: DigestConfig,
  claim: DigestClaim,
  unsubscribeToken: string,
): OutgoingMail {
  const link = unsubscribeUrl(config, unsubscribeToken);
  const app = `${config.SITE_URL.replace(/\/$/, '')}/mycertifications`;
  const groups = byCertification(claim.reminders);
  const count = claim.reminders.length;
  const subject =
    groups.length === 1 && groups[0]?.[0]
      ? reminderSubject(groups[0][0].certificationName, groups[0][0].text)
      : `${SUBJECT_PREFIX}${count} reminders for ${groups.length} certifications`;
  const text = [
    'Your certification reminders:',
    '',
    ...groups.flatMap((g) => [
      `${g[0]?.certificationName ?? ''}`,
      ...g.map((r) => `  - ${r.text}`),
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
        .map((r) => `<li>${escapeHtml(r.text)}</li>`)
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
