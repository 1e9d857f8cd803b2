/**
 * The audit report as a PDF (pdf-lib): A4 pages with the report's facts, the
 * activities as a table whose header repeats on every page, and the totals
 * against the rules; page numbers in the footer. Text is drawn with the
 * standard Helvetica fonts, so any PDF reader (and an auditor's tools) can
 * extract it. Those fonts cover Windows-1252 only: other characters are
 * written without their accents where that leaves Latin letters, else as '?'.
 *
 * Loaded only by the reports function, on the first report that needs it.
 */
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { type ReportModel, STATUS_TEXT, cycleText, ruleText } from '@cpe/shared/audit-report';

export const PDF_CONTENT_TYPE = 'application/pdf';

const PAGE = { width: 595.28, height: 841.89 } as const;
const MARGIN = 42;
const BODY = 9;
const LEADING = 11.5;
const GREY = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.75, 0.75, 0.75);

/** Characters of Windows-1252 beyond Latin-1 that the standard fonts draw. */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function encodable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(char);
}

/** Text the standard fonts can draw: tabs become spaces, unknown characters lose accents or become '?'. */
export function drawable(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (encodable(char)) out += char;
    else if (char === '\t') out += ' ';
    else {
      const bare = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...bare].every(encodable) && bare !== '' ? bare : '?';
    }
  }
  return out;
}

/**
 * Text widths from per-character widths, measured once per font: pdf-lib's
 * widthOfTextAtSize encodes the whole string each time, which made wrapping
 * 200 activities cost most of the report's time. Kerning is left out, so a
 * measured line may be a little wider than drawn: never narrower.
 */
const charWidths = new WeakMap<PDFFont, Map<string, number>>();

function widthOf(font: PDFFont, text: string, size: number): number {
  let widths = charWidths.get(font);
  if (!widths) {
    widths = new Map();
    charWidths.set(font, widths);
  }
  let total = 0;
  for (const char of text) {
    let w = widths.get(char);
    if (w === undefined) {
      w = font.widthOfTextAtSize(char, 1000);
      widths.set(char, w);
    }
    total += w;
  }
  return (total * size) / 1000;
}

/** Lines of at most `width` points; a word longer than a line is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of drawable(text).split(/\r\n|\r|\n/)) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (widthOf(font, candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (widthOf(font, rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && widthOf(font, rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

interface Column {
  title: string;
  width: number;
  align?: 'right';
}

const COLUMNS: Column[] = [
  { title: 'No.', width: 24 },
  { title: 'Date', width: 56 },
  { title: 'Activity, provider, category, description and proof files', width: 391 },
  { title: 'Units', width: 40, align: 'right' },
];
/** A proof file's name stays on one line (an auditor copies it): its size shrinks down to this. */
const MIN_NAME_SIZE = 5.5;
const NAME_SIZE = 8;
const GAP = 0;
const CELL_PAD = 3;

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));

export async function reportPdf(model: ReportModel): Promise<Uint8Array> {
  const { input, rows, totals, unit } = model;
  const doc = await PDFDocument.create();
  const title = `CPE audit report: ${input.certification.certification_name}, ${cycleText(input.cycle)}`;
  doc.setTitle(drawable(title));
  doc.setAuthor(drawable(input.holder.email));
  doc.setSubject('Continuing professional education activities, proof files and totals');
  doc.setCreator('CPE Tracker');
  doc.setProducer('CPE Tracker');
  // Fixed, so the same data makes the same file.
  const made = new Date(`${input.generatedOn}T00:00:00Z`);
  doc.setCreationDate(made);
  doc.setModificationDate(made);

  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;

  const text = (s: string, x: number, size = BODY, font = regular, color = rgb(0, 0, 0)) =>
    page.drawText(drawable(s), { x, y, size, font, color });
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const ensure = (height: number, onBreak?: () => void) => {
    if (y - height < MARGIN + 20) {
      newPage();
      onBreak?.();
    }
  };

  // Heading: what the report is about.
  text('CPE audit report', MARGIN, 18, bold);
  y -= 26;
  const facts: [string, string][] = [
    ['Holder', input.holder.email],
    ['Certification', input.certification.certification_name],
    [
      'Body',
      input.catalogue ? `${input.catalogue.body} (${input.catalogue.fullName})` : 'not given',
    ],
    ['Cycle', cycleText(input.cycle) + (input.cycle.current ? ' (current)' : '')],
    ['Generated', input.generatedOn],
  ];
  for (const [label, value] of facts) {
    text(label, MARGIN, 10, bold);
    for (const line of wrap(value, regular, 10, PAGE.width - 2 * MARGIN - 90)) {
      text(line, MARGIN + 90, 10);
      y -= 13;
    }
  }
  y -= 8;

  const tableHeader = () => {
    let x = MARGIN;
    for (const col of COLUMNS) {
      const w = widthOf(bold, col.title, BODY);
      text(
        col.title,
        col.align === 'right' ? x + col.width - CELL_PAD - w : x + CELL_PAD,
        BODY,
        bold,
      );
      x += col.width + GAP;
    }
    y -= 4;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE.width - MARGIN, y },
      thickness: 0.8,
      color: RULE,
    });
    y -= LEADING;
  };

  text(`Activities (${rows.length})`, MARGIN, 12, bold);
  y -= 18;
  if (rows.length === 0) {
    text('No activities in this cycle.', MARGIN, 10);
    y -= 16;
  } else tableHeader();

  const inner = (col: Column) => col.width - 2 * CELL_PAD;
  for (const row of rows) {
    const [cNo, cDate, cActivity, cUnits] = COLUMNS as [Column, Column, Column, Column];
    const width = inner(cActivity);
    const lines: { line: string; font: PDFFont; size: number; color?: ReturnType<typeof rgb> }[] = [
      ...wrap(row.activity_name, bold, BODY, width).map((line) => ({
        line,
        font: bold,
        size: BODY,
      })),
      ...wrap(
        [row.provider ? `Provider: ${row.provider}` : 'Provider: not given']
          .concat(row.categoryLabel ? [`Category: ${row.categoryLabel}`] : [])
          .join('   '),
        regular,
        BODY,
        width,
      ).map((line) => ({ line, font: regular, size: BODY, color: GREY })),
      ...(row.description ? wrap(row.description, regular, BODY, width) : []).map((line) => ({
        line,
        font: regular,
        size: BODY,
      })),
      ...(row.packetNames.length ? row.packetNames : ['none']).map((name) => {
        const line = `Proof: ${drawable(name)}`;
        const fitted = (NAME_SIZE * width) / widthOf(regular, line, NAME_SIZE);
        return {
          line,
          font: regular,
          size: Math.max(MIN_NAME_SIZE, Math.min(NAME_SIZE, fitted)),
          color: row.packetNames.length ? rgb(0, 0.2, 0.45) : GREY,
        };
      }),
    ];
    const height = lines.length * LEADING + 4;
    ensure(height, tableHeader);

    let x = MARGIN;
    const top = y;
    text(String(row.number), x + CELL_PAD);
    x += cNo.width + GAP;
    text(row.activity_date, x + CELL_PAD);
    x += cDate.width + GAP;
    lines.forEach((l, i) => {
      y = top - i * LEADING;
      text(l.line, x + CELL_PAD, l.size, l.font, l.color);
    });
    y = top;
    x += cActivity.width + GAP;
    const units = fmt(row.units);
    text(units, x + cUnits.width - CELL_PAD - widthOf(regular, units, BODY));
    y = top - (lines.length - 1) * LEADING - 4;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE.width - MARGIN, y },
      thickness: 0.4,
      color: RULE,
    });
    y -= LEADING;
  }

  // Totals against the rules.
  const totalRows: [string, string, string, string][] = [
    [
      'Cycle total',
      fmt(totals.earned),
      totals.target === null ? '' : `${fmt(totals.target)} required`,
      STATUS_TEXT[totals.status],
    ],
    ...(totals.carriedIn > 0
      ? [
          ['Carried in from the cycle before', fmt(totals.carriedIn), '', ''] as [
            string,
            string,
            string,
            string,
          ],
        ]
      : []),
    ...totals.years.map((t): [string, string, string, string] => [
      `Year ${t.label}`,
      fmt(t.earned),
      t.minimum === null ? '' : `at least ${fmt(t.minimum)}`,
      STATUS_TEXT[t.status],
    ]),
    ...totals.categories.map((c): [string, string, string, string] => [
      c.category === null ? 'No category' : `Category: ${c.label}`,
      fmt(c.earned),
      ruleText(c.min, c.max, c.per),
      STATUS_TEXT[c.status],
    ]),
  ];
  ensure(40);
  y -= 8;
  text(`Totals (${unit})`, MARGIN, 12, bold);
  y -= 18;
  const totalsX = [MARGIN, MARGIN + 270, MARGIN + 330, MARGIN + 450];
  for (const cells of totalRows) {
    const labelLines = wrap(cells[0], regular, BODY, 260);
    ensure(labelLines.length * LEADING + 2);
    const top = y;
    labelLines.forEach((line, i) => {
      y = top - i * LEADING;
      text(line, totalsX[0]!);
    });
    y = top;
    text(cells[1], totalsX[1]!);
    text(cells[2], totalsX[2]!);
    text(cells[3], totalsX[3]!, BODY, cells[3] === 'met' || cells[3] === '' ? regular : bold);
    y = top - labelLines.length * LEADING - 2;
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const footer = drawable(`${title}  -  page ${i + 1} of ${pages.length}`);
    p.drawText(footer.length > 120 ? `${footer.slice(0, 117)}...` : footer, {
      x: MARGIN,
      y: MARGIN - 18,
      size: 7.5,
      font: regular,
      color: GREY,
    });
  });

  return doc.save({ useObjectStreams: true });
}
