/**
 * Every regular expression and text loop over user input runs in time linear
 * in the input: each function below is fed 256 KB of hostile text and its
 * regex steps are counted (regex-steps.ts: a backtracking matcher checked
 * against V8 on every call) and bounded by a constant times the input's
 * length. A pattern that is quadratic in a run of 64 KB takes billions of
 * steps, far past any bound here, and fails at once.
 *
 * Loops are bounded by counting their own work: wrap() its measurements
 * (pdf.test.ts), the grapheme reader what it hands the segmenter
 * (graphemes.test.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { buildReportModel, safeFileName, slugOf } from '@cpe/shared/audit-report';
import { searchCatalogue } from '@cpe/shared/catalogue';
import {
  createActivityBody,
  createCertificationBody,
  createUploadBody,
  updateActivityBody,
} from '@cpe/shared';
import { isMultiLineText, isSingleLine, toSingleLine } from '@cpe/shared/text-rules';
import { withoutQuotedHeaders } from '../inbound/forwarded';
import { bodyText, messagePdfName } from '../inbound/message-pdf';
import { textOfLines } from '../proposal/pdf-text';
import { checkedProposal } from '../proposal/proposer';
import { datesIn, proposeFromText } from '../proposal/rules';
import { reportCsv, spreadsheetSafe } from '../reports/csv';
import { cisspReportInput } from '../reports/fixtures';
import { graphemesOf } from '../reports/graphemes';
import { reportFileName } from '../reports/packet';
import { type Measurer, wrap } from '../reports/pdf';
import { reminderSubject } from '../reminders/digest';
import { StepLimitExceeded, countRegexSteps } from './regex-steps';

/** Enough: a pattern quadratic in one of its stretches (about 28 KB) takes hundreds of millions of steps. */
const SIZE = 256 * 1024;

/** `unit` repeated to `size` characters. */
const run = (unit: string, size: number) =>
  unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/**
 * What makes backtracking patterns slow: long runs of one character class
 * (spaces, dots, digits, quotes, dashes, letters), words the patterns look
 * for followed by runs that almost match, and a character at the end of each
 * run that makes the match fail.
 */
const PIECES = [
  '.',
  ' ',
  '\t',
  '-',
  ',',
  ':',
  '"',
  '“',
  '’',
  "'",
  '1',
  '1.',
  '1,1 ',
  '12/',
  '2026-',
  'a',
  'A',
  'e\u0301',
  '=',
  '+-',
  '😀',
  '\u202e',
  'CPE ',
  'CPE hours ',
  'presented by ',
  'completed ',
  'may 1 ',
  '14th of ',
  'awarded 1 ',
  'the ',
];

/** 256 KB: each piece repeated into a stretch of its own, on one line or each on its own line. */
function hostile(separator: string): string {
  const size = Math.floor(SIZE / PIECES.length) - 3;
  return PIECES.map((p) => `${run(p, size)}!x`)
    .join(separator)
    .padEnd(SIZE, '.');
}

const ONE_LINE = hostile('');
const LINES = hostile('\n');
const DOTS = `Certificate of Completion\n${run('.', SIZE)}\n4 CPE hours`;
const SPACES = `completed${run(' ', SIZE)}x`;
const INPUTS = { 'one line': ONE_LINE, 'one stretch per line': LINES };

/** Steps allowed per character of input, summed over every pattern the function runs. */
const STEPS_PER_CHARACTER = 300;

/** Every pattern a test below ran on hostile input. */
const exercised = new Set<string>();

async function stepsOf(work: () => unknown, length: number): Promise<number> {
  const { steps, byPattern } = await countRegexSteps(work, STEPS_PER_CHARACTER * length);
  for (const key of byPattern.keys()) exercised.add(key);
  return steps;
}

const SRC = path.resolve(__dirname, '..');
const SHARED = path.resolve(__dirname, '../../../shared/src');

/** The modules whose every regex literal must have run on hostile input here. */
const CHECKED_FILES = [
  ...['proposal', 'reports'].flatMap((dir) =>
    readdirSync(path.join(SRC, dir))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
      .map((f) => path.join(SRC, dir, f)),
  ),
  path.join(SRC, 'inbound/forwarded.ts'),
  path.join(SRC, 'inbound/message-pdf.ts'),
  path.join(SHARED, 'text-rules.ts'),
  path.join(SHARED, 'catalogue/search.ts'),
  path.join(SHARED, 'schemas/build.ts'),
  path.join(SHARED, 'audit-report.ts'),
];

/** Literals that never see more than a bounded piece of user text, and why. */
const BOUNDED: Record<string, string> = {
  '/0$/': 'a formatted number (pdf.ts fmt)',
  '/^\\p{Cf}$/u': 'one grapheme at a time (pdf-fonts.ts)',
};

/** Each regex literal of a module, as `/source/flags`. */
function regexLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(source);
      const literal = new RegExp(
        text.slice(1, text.lastIndexOf('/')),
        text.slice(text.lastIndexOf('/') + 1),
      );
      found.push(`/${literal.source}/${literal.flags}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the step counter', () => {
  it('counts a pattern quadratic in a run (the old clean()) past the bound, and a linear one within it', async () => {
    const text = `${run('.', 64 * 1024)}x`;
    const before = /^[\s"“'‘:,-]+|[\s"”'’.,:;-]+$/g;
    await expect(stepsOf(() => text.replace(before, ''), text.length)).rejects.toBeInstanceOf(
      StepLimitExceeded,
    );
    await expect(stepsOf(() => text.replace(/\.+/g, ''), text.length)).resolves.toBeLessThan(
      4 * text.length,
    );
  });

  it('counts an exponential pattern past the bound on 30 characters', async () => {
    const nested = /^(a+)+$/;
    await expect(
      countRegexSteps(() => nested.test(`${'a'.repeat(30)}!`), 1_000_000),
    ).rejects.toBeInstanceOf(StepLimitExceeded);
  });

  it('agrees with V8 on what each pattern matches', async () => {
    await countRegexSteps(() => {
      expect('Ada  Lovelace'.replace(/\s+/g, ' ')).toBe('Ada Lovelace');
      expect('a1b22c333'.match(/\d{2,3}/g)).toEqual(['22', '333']);
      expect('x CISSP y'.search(/\bcissp\b/i)).toBe(2);
      expect('a, b,c'.split(/,\s?/)).toEqual(['a', 'b', 'c']);
      expect([
        ...'2026-05-14 and 2026-5-1'.matchAll(/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g),
      ]).toHaveLength(2);
      expect(/(?<![a-z])cat(?![a-z])/u.test('the cat sat')).toBe(true);
      expect('😀x😀'.replace(/\p{Extended_Pictographic}/gu, '.')).toBe('.x.');
      expect('ab'.replace(/a??b/, '-')).toBe('-');
    }, 1e6);
  });
});

describe('256 KB certificate texts', () => {
  it.each([
    ['a line of 256K dots', DOTS],
    ['256K spaces after "completed"', SPACES],
  ])('proposes from %s in linear steps', async (_, text) => {
    await stepsOf(() => proposeFromText(text, '2026-06-01'), text.length);
  });
});

describe('a 256 KB run of spaces or dots stopping just before the end', () => {
  it('prints an email body of one such line in linear steps', async () => {
    const body = `Certificate\n${run(' ', SIZE)}x`;
    await stepsOf(() => bodyText(body), body.length);
  });

  it('reads quoted headers whose lines start with 128K of quote marks and spaces', async () => {
    const quoted = `${run('> ', SIZE / 2)}From: a\n${run('> ', SIZE / 2)}Date: b\nCertificate`;
    let kept = '';
    await stepsOf(() => (kept = withoutQuotedHeaders(quoted)), quoted.length);
    expect(kept).toBe('Certificate');
  });

  it('names a file whose dots and spaces run up to a last letter in linear steps', async () => {
    const name = `a${run('. ', SIZE)}x`;
    await stepsOf(() => safeFileName(name), name.length);
  });
});

describe.each(Object.entries(INPUTS))('256 KB of hostile text (%s)', (_, text) => {
  it('proposes an activity from a certificate text', async () => {
    expect(await stepsOf(() => proposeFromText(text, '2026-06-01'), text.length)).toBeGreaterThan(
      0,
    );
    expect(await stepsOf(() => datesIn(text), text.length)).toBeGreaterThan(0);
    await stepsOf(() => withoutQuotedHeaders(text), text.length);
  });

  it('prints a forwarded email’s body and names its PDF', async () => {
    await stepsOf(() => bodyText(text), text.length);
    await stepsOf(() => messagePdfName(text), text.length);
  });

  it('reads a PDF page’s lines and checks what a model answered', async () => {
    await stepsOf(() => textOfLines(text.split('\n')), text.length);
    await stepsOf(
      () =>
        checkedProposal(
          {
            activity_name: text,
            provider: text,
            activity_date: text,
            cpe_units: 3,
            description: text,
          },
          '2026-06-01',
        ),
      3 * text.length,
    );
  });

  it('writes the CSV, names the files and wraps the PDF lines of a report', async () => {
    const input = cisspReportInput([
      {
        activity_id: 'a1',
        activity_name: text,
        activity_date: '2026-05-14',
        units: 4,
        category: 'group-a',
        provider: 'ISC2',
        description: text,
        files: [{ file_id: 'f', file_name: text, content_type: 'application/pdf', size: 3 }],
      },
    ]);
    const model = await (async () => {
      let built: ReturnType<typeof buildReportModel> | undefined;
      await stepsOf(() => (built = buildReportModel(input)), 2 * text.length);
      return built as ReturnType<typeof buildReportModel>;
    })();
    await stepsOf(() => reportCsv(model), 3 * text.length);
    await stepsOf(() => spreadsheetSafe(text), text.length);
    const named = {
      ...model,
      input: { ...input, certification: { ...input.certification, certification_name: text } },
    };
    await stepsOf(() => reportFileName(named, 'pdf'), text.length);
    await stepsOf(() => [slugOf(text), safeFileName(text)], 2 * text.length);
    const oneWide: Measurer = {
      measure: (t) => t.length,
      graphemeWidths: (t) => [...graphemesOf(t)].map((segment) => ({ segment, width: 1 })),
    };
    await stepsOf(() => wrap(text, 80, oneWide), text.length);
  });

  it('checks stored text and parses request bodies', async () => {
    await stepsOf(
      () => [isSingleLine(text), isMultiLineText(text), toSingleLine(text)],
      3 * text.length,
    );
    await stepsOf(
      () => [
        createActivityBody.safeParse({
          certification_id: text,
          activity_name: text,
          description: text,
          cpe_units: text,
          activity_date: text,
          provider: text,
          category: text,
        }),
        updateActivityBody.safeParse({ activity_name: text, description: text }),
        createCertificationBody.safeParse({
          certification_name: text,
          catalogue_id: text,
          earned_date: text,
          expiry_date: text,
          cpe_needed: text,
          verification_link: `https://${text}`,
        }),
        createUploadBody.safeParse({ file_name: text, content_type: text, size: text }),
      ],
      12 * text.length,
    );
  });

  it('searches the catalogue and words a reminder’s subject', async () => {
    await stepsOf(() => searchCatalogue(text), text.length);
    await stepsOf(() => reminderSubject(text, 'expires in 30 days (2026-07-01)'), text.length);
  });
});

describe('coverage', () => {
  it('ran every regex literal of the checked modules on hostile input (or knows why it need not)', () => {
    const missed = CHECKED_FILES.flatMap((file) =>
      regexLiterals(file)
        // split() runs its pattern as a sticky copy (flags + y).
        .filter((key) => !exercised.has(key) && !exercised.has(`${key}y`) && !(key in BOUNDED))
        .map((key) => `${path.relative(SRC, file)}: ${key}`),
    );
    expect(missed).toEqual([]);
  });
});
