/**
 * The one look of every email: a brand header, a white card, a footer, all
 * in tables with inline styles (what Gmail, Outlook and Apple Mail agree
 * on), system fonts, no remote images and no scripts, 600 px wide at most and
 * narrower on a phone. Every text handed in as `html` is built with `escape`.
 */

/** The app's primary colour (packages/web/src/styles.scss). */
export const BRAND_COLOUR = '#1d4ed8';
const INK = '#1f2937';
const MUTED = '#4b5563';
const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A link drawn as a button (a padded table cell: Outlook ignores padding on links). */
export function buttonHtml(label: string, href: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:12px 0 4px"><tr><td style="background:${BRAND_COLOUR};border-radius:6px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;color:#ffffff;font-family:${FONT};font-size:15px;font-weight:600;text-decoration:none">${escapeHtml(label)}</a></td></tr></table>`;
}

/** A plain link in the brand's colour. */
export function linkHtml(label: string, href: string): string {
  return `<a href="${escapeHtml(href)}" style="color:${BRAND_COLOUR};text-decoration:underline">${escapeHtml(label)}</a>`;
}

export function headingHtml(text: string): string {
  return `<h2 style="margin:24px 0 8px;font-family:${FONT};font-size:18px;line-height:1.3;color:${INK}">${escapeHtml(text)}</h2>`;
}

export function paragraphHtml(html: string, muted = false): string {
  return `<p style="margin:0 0 12px;font-family:${FONT};font-size:15px;line-height:1.5;color:${muted ? MUTED : INK}">${html}</p>`;
}

export interface MailLayout {
  lang: string;
  /** The document's title and the card's heading. */
  title: string;
  /** The line inboxes show after the subject (hidden in the message itself). */
  preheader: string;
  /** The card's content (already escaped). */
  body: string;
  /** The footer's content (already escaped). */
  footer: string;
}

export function mailHtml(layout: MailLayout): string {
  return `<!doctype html>
<html lang="${escapeHtml(layout.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(layout.title)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(layout.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px">
<tr><td style="background:${BRAND_COLOUR};border-radius:8px 8px 0 0;padding:18px 24px">
<span style="font-family:${FONT};font-size:20px;font-weight:700;color:#ffffff;letter-spacing:0.2px">&#10003;&nbsp;CPE Tracker</span>
</td></tr>
<tr><td style="background:#ffffff;border-radius:0 0 8px 8px;padding:24px;border:1px solid #e5e7eb;border-top:0">
<h1 style="margin:0 0 16px;font-family:${FONT};font-size:22px;line-height:1.3;color:${INK}">${escapeHtml(layout.title)}</h1>
${layout.body}
</td></tr>
<tr><td style="padding:16px 24px;font-family:${FONT};font-size:13px;line-height:1.5;color:${MUTED}">
${layout.footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}
