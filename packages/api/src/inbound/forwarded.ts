/**
 * The text of a forwarded mail without the header blocks that mail programs
 * quote above the original message ("From: … Date: … Subject: … To: …", as
 * Gmail, Outlook and Apple Mail write them): their date is when the message
 * was sent, not when the activity took place, and it would otherwise be the
 * first date the certificate's text gives.
 *
 * A block is a run of header lines (blank lines between them allowed) that
 * holds a From line and a Date or Sent line; a certificate's own "Date:"
 * label stands without a From beside it and is kept. One pass over the
 * lines, each tested by patterns anchored at its start.
 */
const HEADER = /^[>\s]*(?:from|sent|date|to|cc|bcc|subject|reply-to)\s*:/i;
const FROM = /^[>\s]*from\s*:/i;
const DATED = /^[>\s]*(?:sent|date)\s*:/i;

export function withoutQuotedHeaders(text: string): string {
  const lines = text.split(/\r?\n/);
  const dropped = new Set<number>();
  let i = 0;
  while (i < lines.length) {
    if (!HEADER.test(lines[i] ?? '')) {
      i++;
      continue;
    }
    let last = i;
    let from = false;
    let dated = false;
    for (let j = i; j < lines.length; j++) {
      const line = lines[j] ?? '';
      if (HEADER.test(line)) {
        last = j;
        from ||= FROM.test(line);
        dated ||= DATED.test(line);
      } else if (line.trim() !== '') break;
    }
    if (from && dated) for (let k = i; k <= last; k++) dropped.add(k);
    i = last + 1;
  }
  return dropped.size === 0 ? text : lines.filter((_, k) => !dropped.has(k)).join('\n');
}
