/**
 * What a user is told after forwarding a message to their forwarding
 * address: which proposals it made, with a link to the inbox, or why it made
 * none. Sent to the account's own email, never to the message's sender, so a
 * forged sender learns nothing and receives nothing (docs/decisions/120).
 */
import type { OutgoingMail } from '../aws/ses';
import type { ApiConfig } from '../config';
import { buttonHtml, escapeHtml, mailHtml, paragraphHtml } from './layout';

export type InboundMailConfig = Pick<ApiConfig, 'MAIL_FROM_ADDRESS' | 'SITE_URL'>;

export interface ProposedItem {
  /** What the proposal is called in the list: its activity name, else its file's name. */
  title: string;
  /** The proof file's name, or null for a proposal read from the mail's text. */
  file: string | null;
}

export interface InboundReport {
  /** The forwarded message's subject. */
  subject: string;
  proposed: ProposedItem[];
  /** Why nothing (more) was proposed, when something was left out; a sentence. */
  note?: string | undefined;
}

const site = (config: InboundMailConfig) => config.SITE_URL.replace(/\/$/, '');

const FOOTER =
  'You get this email because a message was forwarded to your private CPE Tracker forwarding address. You can replace that address on your Account page.';

export function inboundReportMail(
  config: InboundMailConfig,
  to: string,
  report: InboundReport,
): OutgoingMail {
  const about = report.subject.trim() ? `“${report.subject.trim()}”` : 'your forwarded message';
  const count = report.proposed.length;
  const title =
    count === 0
      ? 'Nothing was proposed from your email'
      : `${count} ${count === 1 ? 'activity' : 'activities'} proposed from your email`;
  const intro =
    count === 0
      ? `We read ${about} but proposed no activity from it.`
      : `We read ${about} and proposed ${count === 1 ? 'this activity' : 'these activities'} in your inbox. Check each one, then accept or dismiss it.`;
  const items = report.proposed.map((p) => (p.file ? `${p.title} (${p.file})` : p.title));
  const action = { label: 'Open your inbox', url: `${site(config)}/inbox` };
  const text = [
    `CPE Tracker: ${title}`,
    '',
    intro,
    ...(items.length > 0 ? ['', ...items.map((i) => `- ${i}`)] : []),
    ...(report.note ? ['', report.note] : []),
    '',
    `${action.label}: ${action.url}`,
    '',
    FOOTER,
    '',
  ].join('\n');
  const list =
    items.length > 0
      ? `<ul style="margin:0 0 12px;padding-left:20px">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`
      : '';
  const html = mailHtml({
    lang: 'en',
    title,
    preheader: intro,
    body: [
      paragraphHtml(escapeHtml(intro)),
      list,
      ...(report.note ? [paragraphHtml(escapeHtml(report.note))] : []),
      buttonHtml(action.label, action.url),
    ].join('\n'),
    footer: escapeHtml(FOOTER),
  });
  return { from: config.MAIL_FROM_ADDRESS, to, subject: `CPE Tracker: ${title}`, text, html };
}
