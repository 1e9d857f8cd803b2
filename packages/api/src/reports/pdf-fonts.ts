/**
 * Text in the PDF report: embedded Unicode fonts (pdf-lib with
 * @pdf-lib/fontkit, subset to the glyphs used), each grapheme drawn in the
 * first face that has it:
 *
 * 1. Noto Sans (Latin, Greek, Cyrillic and most symbols; bold for headings),
 * 2. Noto Sans JP (kana, kanji), then Noto Sans SC (the hanzi Japanese lacks),
 * 3. Noto Sans KR (Hangul),
 * 4. Noto Emoji (monochrome, ZWJ sequences and skin tones included).
 *
 * The CJK and emoji faces are embedded only when the report's text has a
 * character Noto Sans lacks in their ranges. A grapheme no face has (Arabic,
 * Hebrew, Devanagari, Thai, an emoji newer than the font) prints as U+FFFD
 * REPLACEMENT CHARACTER from Noto Sans: visibly a gap, never a wrong letter.
 * Invisible format characters (bidirectional controls, zero-width spaces)
 * standing alone are dropped. The CJK faces have no bold: bold text in those
 * scripts prints regular.
 *
 * Speed: fontkit's layout costs about 0.1 ms a call, so each distinct
 * grapheme is laid out once per face (its glyph codes and width cached) and a
 * line is drawn from the cache; every text costs one pass over its graphemes.
 * Kerning is left out, as pdf-lib leaves it out of the drawn text anyway.
 */
import fontkit from '@pdf-lib/fontkit';
import {
  type Color,
  type PDFDocument,
  type PDFFont,
  PDFHexString,
  type PDFName,
  type PDFPage,
  beginText,
  endText,
  moveText,
  setFillingColor,
  setFontAndSize,
  showText,
} from 'pdf-lib';
import { type FontFamily, fontFiles } from './fonts';
import { graphemesOf } from './graphemes';

/** What prints where no embedded face has a grapheme. */
export const FALLBACK_GLYPH = '\uFFFD';

/** Parts of an emoji sequence that the emoji face's ligatures absorb. */
const JOINERS = new Set([0x200d, 0xfe0f, 0xfe0e]);

/** Format characters (Cf: bidi controls, zero-width space, soft hyphen...), tested one grapheme at a time. */
const FORMAT = /^\p{Cf}$/u;

/** The code points of `cluster` that a face must have to draw it. */
function needed(cluster: string): number[] {
  const points: number[] = [];
  for (const char of cluster) {
    const code = char.codePointAt(0) ?? 0;
    if (!JOINERS.has(code)) points.push(code);
  }
  return points;
}

interface Glyphs {
  /** The glyph codes, hex, as the subset font numbers them. */
  hex: string;
  /** Advance width at size 1000. */
  width: number;
}

/** One embedded face and what it has drawn so far. */
class Face {
  private readonly cache = new Map<string, Glyphs>();
  private readonly keys = new WeakMap<PDFPage, PDFName>();

  constructor(
    readonly font: PDFFont,
    private readonly coverage: { hasGlyphForCodePoint(code: number): boolean },
  ) {}

  has(cluster: string): boolean {
    const points = needed(cluster);
    return points.length > 0 && points.every((p) => this.coverage.hasGlyphForCodePoint(p));
  }

  glyphs(cluster: string): Glyphs {
    let glyphs = this.cache.get(cluster);
    if (!glyphs) {
      glyphs = {
        hex: this.font.encodeText(cluster).asString(),
        width: this.font.widthOfTextAtSize(cluster, 1000),
      };
      this.cache.set(cluster, glyphs);
    }
    return glyphs;
  }

  /** The name the page's resources give this face (added on its first use on the page). */
  keyOn(page: PDFPage): PDFName {
    let key = this.keys.get(page);
    if (!key) {
      key = page.node.newFontDictionary(this.font.name, this.font.ref);
      this.keys.set(page, key);
    }
    return key;
  }
}

interface Choice {
  face: Face;
  glyphs: Glyphs;
}

/** A stretch of text in one face. */
interface Run {
  face: Face;
  hex: string;
  /** At size 1000. */
  width: number;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color: Color;
}

const inRanges = (code: number, ranges: readonly (readonly [number, number])[]) =>
  ranges.some(([from, to]) => code >= from && code <= to);

const HAN: readonly (readonly [number, number])[] = [
  [0x2e80, 0x2fdf], // radicals
  [0x3000, 0x303f], // CJK symbols and punctuation
  [0x3190, 0x319f],
  [0x31c0, 0x31ef],
  [0x3200, 0x33ff], // enclosed letters, compatibility
  [0x3400, 0x4dbf], // extension A
  [0x4e00, 0x9fff], // unified ideographs
  [0xf900, 0xfaff], // compatibility ideographs
  [0xfe30, 0xfe4f],
  [0xff00, 0xffef], // full-width forms
  [0x20000, 0x3ffff], // extensions B and after
];

/** The optional families, in the order they are tried, with the characters each may supply. */
const OPTIONAL_FAMILIES: readonly {
  family: FontFamily;
  ranges: readonly (readonly [number, number])[];
}[] = [
  { family: 'japanese', ranges: [[0x3040, 0x30ff], [0x31f0, 0x31ff], ...HAN] },
  { family: 'chinese', ranges: [[0x3100, 0x312f], [0x31a0, 0x31bf], ...HAN] },
  {
    family: 'korean',
    ranges: [[0x1100, 0x11ff], [0x3130, 0x318f], [0xa960, 0xa97f], [0xac00, 0xd7ff], ...HAN],
  },
  {
    family: 'emoji',
    ranges: [
      [0x2000, 0x2bff],
      [0x1f000, 0x1faff],
    ],
  },
];

/** The characters of the texts that Noto Sans lacks: one pass over them. */
function uncoveredBy(
  texts: Iterable<string>,
  sans: { hasGlyphForCodePoint(code: number): boolean },
): Set<number> {
  const seen = new Set<number>();
  const missing = new Set<number>();
  for (const text of texts) {
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x0370 || seen.has(code)) continue;
      seen.add(code);
      if (!JOINERS.has(code) && !sans.hasGlyphForCodePoint(code)) missing.add(code);
    }
  }
  return missing;
}

/** The report's text faces: `measure` widths and `draw` text on a page. */
export class ReportText {
  /** How many graphemes were measured or drawn: a test bounds it by the input's length. */
  graphemeSteps = 0;

  private constructor(
    private readonly regular: Face[],
    private readonly bold: Face[],
    private readonly fallback: Face,
  ) {}

  /** Embeds the faces `texts` need into `doc` (Noto Sans always; Noto Sans JP and Noto Emoji when used). */
  static async embed(doc: PDFDocument, texts: Iterable<string>): Promise<ReportText> {
    doc.registerFontkit(fontkit);
    const embed = async (bytes: Uint8Array, coverage = fontkit.create(bytes)) =>
      new Face(await doc.embedFont(bytes, { subset: true }), coverage);
    const sans = await fontFiles('sans');
    const sansCoverage = fontkit.create(sans.regular);
    const missing = uncoveredBy(texts, sansCoverage);
    const regular = [await embed(sans.regular, sansCoverage)];
    const bold = [await embed(sans.bold ?? sans.regular)];
    for (const { family, ranges } of OPTIONAL_FAMILIES) {
      if (![...missing].some((code) => inRanges(code, ranges))) continue;
      const bytes = (await fontFiles(family)).regular;
      const coverage = fontkit.create(bytes);
      const covered = [...missing].filter((code) => coverage.hasGlyphForCodePoint(code));
      if (covered.length === 0) continue;
      for (const code of covered) missing.delete(code);
      const face = await embed(bytes, coverage);
      regular.push(face);
      bold.push(face);
    }
    const fallback = regular[0] as Face;
    return new ReportText(regular, bold, fallback);
  }

  /** Per grapheme: the face that draws it and its glyphs, or null for a format character dropped. */
  private readonly chosen = [new Map<string, Choice | null>(), new Map<string, Choice | null>()];

  private choose(segment: string, bold: boolean): Choice | null {
    const cache = this.chosen[bold ? 1 : 0] as Map<string, Choice | null>;
    let choice = cache.get(segment);
    if (choice === undefined) {
      const cluster = segment === '\t' ? ' ' : segment;
      const face = (bold ? this.bold : this.regular).find((f) => f.has(cluster));
      choice = face
        ? { face, glyphs: face.glyphs(cluster) }
        : FORMAT.test(cluster)
          ? null
          : { face: this.fallback, glyphs: this.fallback.glyphs(FALLBACK_GLYPH) };
      cache.set(segment, choice);
    }
    return choice;
  }

  /**
   * The text as runs of one face each (graphemes no face has become the
   * fallback glyph).
   */
  private runs(text: string, bold = false): Run[] {
    const runs: Run[] = [];
    let last: Run | undefined;
    const add = (segment: string) => {
      this.graphemeSteps++;
      const choice = this.choose(segment, bold);
      if (!choice) return;
      if (last && last.face === choice.face) {
        last.hex += choice.glyphs.hex;
        last.width += choice.glyphs.width;
      } else {
        last = { face: choice.face, hex: choice.glyphs.hex, width: choice.glyphs.width };
        runs.push(last);
      }
    };
    for (const segment of graphemesOf(text)) add(segment);
    return runs;
  }

  /** Width in points of `text` at `size`. */
  measure(text: string, size: number, bold = false): number {
    let width = 0;
    for (const run of this.runs(text, bold)) width += run.width;
    return (width * size) / 1000;
  }

  /**
   * Widths of each grapheme of `text` (for cutting a word longer than a line
   * at the last grapheme that fits), in one pass.
   */
  graphemeWidths(text: string, size: number, bold = false): { segment: string; width: number }[] {
    const widths: { segment: string; width: number }[] = [];
    for (const segment of graphemesOf(text)) {
      widths.push({ segment, width: this.measure(segment, size, bold) });
    }
    return widths;
  }

  /** Draws `text` (one line) with its baseline at (x, y); answers its width. */
  draw(page: PDFPage, text: string, x: number, y: number, style: TextStyle): number {
    let at = x;
    for (const run of this.runs(text, style.bold)) {
      // BT ... ET resets the text position: Td from the origin places the run.
      page.pushOperators(
        beginText(),
        setFillingColor(style.color),
        setFontAndSize(run.face.keyOn(page), style.size),
        moveText(at, y),
        showText(PDFHexString.of(run.hex)),
        endText(),
      );
      at += (run.width * style.size) / 1000;
    }
    return at - x;
  }
}
