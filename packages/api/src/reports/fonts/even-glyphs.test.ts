import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFDict, PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import { withEvenGlyphs } from './even-glyphs';
import { FONT_PACKAGE_FILES, fontFiles } from '.';

/** The font file pdf-lib embeds for `text` drawn in `font`, subset, read back by fontkit. */
async function subsetFor(font: Uint8Array, text: string) {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const embedded = await doc.embedFont(font, { subset: true });
  doc.addPage().drawText(text, { font: embedded, size: 12 });
  const saved = await PDFDocument.load(await doc.save());
  for (const [, object] of saved.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    if (object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const file = saved.context.lookup(object.get(PDFName.of('FontFile2'))) as PDFRawStream;
    return fontkit.create(inflateSync(file.contents));
  }
  throw new Error('no embedded font file');
}

/** The outlines of every glyph of `font` that has one, as SVG paths (a broken glyph reads as ''). */
function outlines(font: ReturnType<typeof fontkit.create>, ids: number[]): string[] {
  return ids
    .map((id) => {
      try {
        return font.getGlyph(id).path.toSVG();
      } catch {
        return '';
      }
    })
    .sort();
}

// No fi or fl: the layout would draw them as one ligature glyph, which the subset then holds instead.
const TEXT = 'Secure Code Review: Cloud Threat Modelling, 2 CPE units';

jest.setTimeout(30_000);

describe('fonts with even glyphs', () => {
  it('keep every glyph of a subset drawn as in the font, where the raw font loses some', async () => {
    const { regular } = await fontFiles('sans');
    const original = fontkit.create(regular);
    const used = [
      ...new Set(Array.from(TEXT, (c) => original.glyphForCodePoint(c.codePointAt(0)!).id)),
    ];
    const expected = outlines(original, used);
    // A subset numbers the glyphs it holds from 1 (0 is .notdef), in the order they were first used.
    const inSubset = used.map((_, i) => i + 1);

    const padded = await subsetFor(regular, TEXT);

    expect(outlines(padded, inSubset)).toEqual(expected);
    // The same text in the font as published: the subsetter's offsets slip after an odd glyph.
    const raw = readFileSync(require.resolve(FONT_PACKAGE_FILES.sans.regular));
    const broken = await subsetFor(raw, TEXT);
    expect(outlines(broken, inSubset)).not.toEqual(expected);
  });

  it('answers a font whose glyphs are already even as it is', async () => {
    const { regular } = await fontFiles('sans');

    expect(withEvenGlyphs(regular)).toBe(regular);
  });
});
