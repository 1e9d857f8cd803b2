/**
 * What a certificate's text says about the activity, read by rules for the
 * wording certificates commonly use: "4 CPE hours", "awarded 3.5 CPE
 * credits", "PDUs: 2", dates in several formats, "presented by" / "issued by",
 * and the course title beside "Certificate of Completion" lines. Pure; a field
 * the text does not clearly give is left out.
 *
 * Every pattern runs in time linear in the text (a certificate's text is
 * whatever a PDF holds, a line of 90,000 dots included): no two repetitions
 * that can match the same characters follow one another, so a failed match
 * never tries the ways of splitting a run between them, and trimming is a
 * loop over the ends rather than a pattern anchored at the end, which a
 * backtracking engine retries from every start. The unit tests count each
 * pattern's steps on 1 MB of hostile text.
 */
import type { ActivityProposal } from '@cpe/shared';
import { isRealIsoDate } from '@cpe/shared/dates';

const UNIT = String.raw`(?:CPEs?|CPD|CEUs?|PDUs?|ECEs?|SEUs?|PDCs?|CE|continuing (?:professional )?education)`;
// Not the tail of a word or a longer number: "ISC2 CPE" gives no 2, "1.5" no 5.
const NUMBER = String.raw`(?<![\p{L}\p{N}.,])(\d{1,4}(?:[.,]\d{1,2})?)`;

const UNIT_PATTERNS = [
  // "4 CPE hours", "3.5 CPE credits", "2 PDUs", "1,5 CPE"
  new RegExp(String.raw`${NUMBER}\s*${UNIT}\b(?:\s*(?:hours?|credits?|units?|points?))?`, 'iu'),
  // "PDUs: 2", "CPE credits earned - 4", "CPE hours 6"
  new RegExp(
    String.raw`${UNIT}(?:\s*(?:hours?|credits?|units?|points?))?(?:\s*(?:earned|awarded))?\s*(?:[:=-]\s*)?${NUMBER}\b`,
    'iu',
  ),
  // "awarded 3.5 credits", "for 4 hours"
  new RegExp(
    String.raw`(?:awarded|earned|granted|for)\s+${NUMBER}\s*(?:credit|hour|contact hour)s?\b`,
    'iu',
  ),
];

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const monthOf = (name: string) =>
  MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3))) + 1;

/** Every date the text gives, in order of appearance, as ISO dates. */
export function datesIn(text: string): string[] {
  const found: { at: number; date: string }[] = [];
  const add = (at: number, y: number, m: number, d: number) => {
    const date = iso(y, m, d);
    if (isRealIsoDate(date)) found.push({ at, date });
  };
  for (const m of text.matchAll(/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g)) {
    add(m.index, Number(m[1]), Number(m[2]), Number(m[3]));
  }
  // "May 14, 2026", "May 14th 2026"
  for (const m of text.matchAll(
    new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, 'gi'),
  )) {
    add(m.index, Number(m[3]), monthOf(m[1] ?? ''), Number(m[2]));
  }
  // "14 May 2026", "14th of May, 2026"
  for (const m of text.matchAll(
    new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH},?\s+(\d{4})\b`, 'gi'),
  )) {
    add(m.index, Number(m[3]), monthOf(m[2] ?? ''), Number(m[1]));
  }
  // "14/05/2026" (day first, as most of the world writes) unless the day-first reading is impossible.
  for (const m of text.matchAll(/\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/g)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (b > 12 && a <= 12) add(m.index, Number(m[3]), a, b);
    else add(m.index, Number(m[3]), b, a);
  }
  return found.sort((x, y) => x.at - y.at).map((f) => f.date);
}

function unitsIn(text: string): number | undefined {
  for (const pattern of UNIT_PATTERNS) {
    const match = pattern.exec(text);
    if (!match?.[1]) continue;
    const value = Number(match[1].replace(',', '.'));
    if (Number.isFinite(value) && value > 0 && value <= 1000) return value;
  }
  return undefined;
}

/** One character a field may not start with (spaces, opening quotes, list punctuation). */
const LEADING_JUNK = /^[\s"“'‘:,-]$/;
/** One character a field may not end with (spaces, closing quotes, punctuation). */
const TRAILING_JUNK = /^[\s"”'’.,:;-]$/;

/** Spaces collapsed, quotes and punctuation taken off both ends: one pass each way. */
function clean(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  let start = 0;
  let end = flat.length;
  while (start < end && LEADING_JUNK.test(flat.charAt(start))) start++;
  while (end > start && TRAILING_JUNK.test(flat.charAt(end - 1))) end--;
  return flat.slice(start, end);
}

const PROVIDER =
  /\b(?:presented|issued|provided|offered|hosted|sponsored|awarded|organi[sz]ed|delivered)\s+by\s*(?::\s*)?(.+)/i;
const PROVIDER_LABEL = /^\s*(?:provider|sponsor|organi[sz]er|issuer|presenter)\s*:\s*(.+)/i;

function providerIn(lines: readonly string[]): string | undefined {
  for (const line of lines) {
    const match = PROVIDER_LABEL.exec(line) ?? PROVIDER.exec(line);
    // "awarded by" may name the awarding body after the person: stop at a date or a comma clause.
    const name = match?.[1]
      ? clean(match[1].split(/\s(?:on|in|for)\s|,\s?(?:on|dated)\b/i)[0] ?? '')
      : '';
    if (name.length >= 2 && name.length <= 200) return name;
  }
  return undefined;
}

/** Lines that are wording of the certificate itself, never the activity's title. */
const BOILERPLATE =
  /^(?:certificate|certification|this (?:is to )?certif|awarded to|presented to|is hereby|has (?:successfully )?(?:completed|attended|participated)|for (?:successfully )?(?:completing|attending|participating)|in recognition|date|on\b|signed|signature|cpe|pdu|ceu|\d)/i;
const TITLE_LABEL =
  /^\s*(?:course|course title|title|session|event|webinar|program(?:me)?|activity)\s*:\s*(.+)/i;
const COMPLETED =
  /\b(?:completed|attended|participated in|completion of|attending|completing)\s*(?::\s*)?(?:the\s+)?(.*)/i;
/**
 * What kind of activity it was, not which: "the course", "the following webinar entitled". A title
 * after it ("the course entitled Cloud Basics") is kept; alone, the title is on the next line.
 */
const KIND_OF_ACTIVITY =
  /^(?:following\s+)?(?:(?:online|live|virtual|self-study|on-demand)\s+)?(?:course|webinar|training|program(?:me)?|session|event|seminar|workshop|conference|class|module|activity)(\s+(?:entitled|titled|called|named))?\s*(:\s*)?/i;

function titleIn(lines: readonly string[]): string | undefined {
  for (const line of lines) {
    const labelled = TITLE_LABEL.exec(line);
    if (labelled?.[1]) return clean(labelled[1]);
  }
  for (const [i, line] of lines.entries()) {
    const completed = COMPLETED.exec(line);
    if (completed) {
      const said = clean(
        (completed[1] ?? '').split(/\s(?:on|presented|held|hosted|for a total)\b/i)[0] ?? '',
      );
      const kind = KIND_OF_ACTIVITY.exec(said);
      // "the course Cloud Basics" is Cloud Basics only when the course is named as such.
      const rest =
        kind && (kind[0].trim() === said || kind[1] !== undefined || kind[2] !== undefined)
          ? clean(said.slice(kind[0].length))
          : said;
      if (rest.length >= 3 && !BOILERPLATE.test(rest)) return rest;
      // "has successfully completed" on one line, the title on the next.
      const next = lines[i + 1];
      if (next && !BOILERPLATE.test(next) && !PROVIDER.test(next)) return clean(next);
    }
  }
  // After a "Certificate of Completion/Attendance" heading, the first line that is not wording or a name.
  const heading = lines.findIndex((l) =>
    /^certificate of (?:completion|attendance|participation|achievement)\b/i.test(l),
  );
  if (heading !== -1) {
    const candidates = lines
      .slice(heading + 1)
      .filter(
        (l) =>
          !BOILERPLATE.test(l) &&
          !PROVIDER.test(l) &&
          !PROVIDER_LABEL.test(l) &&
          datesIn(l).length === 0,
      )
      .slice(0, 3)
      .map(clean)
      // A line of dots or dashes is a rule, not a title.
      .filter((l) => l.length >= 3);
    // The holder's name usually comes first, after "presented to": the title is the longer line.
    const title = candidates.sort((a, b) => b.length - a.length)[0];
    if (title) return title;
  }
  return undefined;
}

/**
 * The proposal the text supports. `today` keeps a date from the future out
 * (a certificate's expiry or a renewal date is not the activity's date).
 */
export function proposeFromText(text: string, today: string): ActivityProposal {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const joined = lines.join('\n');
  const proposal: ActivityProposal = {};
  const title = titleIn(lines);
  if (title && title.length <= 200) proposal.activity_name = title;
  const provider = providerIn(lines);
  if (provider) proposal.provider = provider;
  const date = datesIn(joined).find((d) => d <= today);
  if (date) proposal.activity_date = date;
  // A line at a time first: "Part 2" ending one line is not the units of "CPE: 1.5" on the next.
  const units =
    lines.map(unitsIn).find((u) => u !== undefined) ?? unitsIn(joined.replace(/\n/g, ' '));
  if (units !== undefined) proposal.cpe_units = units;
  if (proposal.activity_name && proposal.provider) {
    proposal.description = `${proposal.activity_name}, ${proposal.provider}`;
  }
  return proposal;
}
