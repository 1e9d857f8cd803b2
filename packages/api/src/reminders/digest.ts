/**
 * What a reminder digest says: one email per user and run, plain text and
 * HTML, with the one-click unsubscribe headers (RFC 8058). The catalogue is
 * read here (entry names, fees, categories), so the job loads it with its
 * first run.
 */
import {
  type CatalogueEntry,
  catalogueEntries,
  catalogueEntryById,
  reminderText,
} from '@cpe/shared';
import type { OutgoingMail } from '../aws/ses';
import type { ApiConfig } from '../config';
import {
  type CatalogueRule,
  type ClaimedReminder,
  type DigestClaim,
  catalogueRules,
} from '../data/reminders';

/** The catalogue's rules as the job's statement takes them. */
export function catalogueRulesNow(): CatalogueRule[] {
  return catalogueRules(catalogueEntries());
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
