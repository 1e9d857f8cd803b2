/**
 * A TrueType font whose every glyph starts at an even offset of its `glyf`
 * table. @pdf-lib/fontkit's subsetter copies each glyph's bytes as they are
 * and, for a subset under 128 KB, writes the short `loca` format, which
 * stores offsets halved: after a glyph of odd length (Noto Sans has many;
 * its own `loca` is the long format) every later glyph points one byte
 * early, and viewers draw it as nothing or as garbage while the text still
 * extracts. Padding each glyph to an even length, once per font file, keeps
 * every subset's offsets exact. A font whose glyphs are already even (or
 * that is not TrueType) is answered as it is.
 */
export function withEvenGlyphs(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const count = view.getUint16(4);
  const records: { tag: string; offset: number; length: number }[] = [];
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    records.push({
      tag: String.fromCharCode(...font.subarray(at, at + 4)),
      offset: view.getUint32(at + 8),
      length: view.getUint32(at + 12),
    });
  }
  const table = (tag: string) => records.find((r) => r.tag === tag);
  const [head, maxp, loca, glyf] = [table('head'), table('maxp'), table('loca'), table('glyf')];
  if (!head || !maxp || !loca || !glyf) return font;
  const longLoca = view.getInt16(head.offset + 50) === 1;
  const glyphs = view.getUint16(maxp.offset + 4);
  const offsetOf = (g: number) =>
    longLoca ? view.getUint32(loca.offset + 4 * g) : view.getUint16(loca.offset + 2 * g) * 2;
  let odd = false;
  let size = 0;
  for (let g = 0; g < glyphs; g++) {
    const length = offsetOf(g + 1) - offsetOf(g);
    odd ||= length % 2 === 1;
    size += length + (length % 2);
  }
  if (!odd) return font;

  // The glyphs padded, and a long loca pointing at them.
  const newGlyf = new Uint8Array(size);
  const newLoca = new Uint8Array(4 * (glyphs + 1));
  const locaView = new DataView(newLoca.buffer);
  let at = 0;
  for (let g = 0; g < glyphs; g++) {
    locaView.setUint32(4 * g, at);
    const glyph = font.subarray(glyf.offset + offsetOf(g), glyf.offset + offsetOf(g + 1));
    newGlyf.set(glyph, at);
    at += glyph.length + (glyph.length % 2);
  }
  locaView.setUint32(4 * glyphs, at);
  const newHead = font.slice(head.offset, head.offset + head.length);
  const headView = new DataView(newHead.buffer);
  headView.setUint32(8, 0); // checkSumAdjustment: no reader of an embedded font checks it
  headView.setInt16(50, 1); // indexToLocFormat: long

  const contents = (tag: string, offset: number, length: number) =>
    tag === 'glyf'
      ? newGlyf
      : tag === 'loca'
        ? newLoca
        : tag === 'head'
          ? newHead
          : font.subarray(offset, offset + length);
  const padded = (n: number) => (n + 3) & ~3;
  const tables = records.map((r) => ({ tag: r.tag, bytes: contents(r.tag, r.offset, r.length) }));
  const out = new Uint8Array(
    tables.reduce((sum, t) => sum + padded(t.bytes.length), 12 + 16 * count),
  );
  const outView = new DataView(out.buffer);
  out.set(font.subarray(0, 12 + 16 * count));
  let offset = 12 + 16 * count;
  tables.forEach(({ bytes }, i) => {
    out.set(bytes, offset);
    let checksum = 0;
    for (let k = 0; k < padded(bytes.length); k += 4) {
      checksum = (checksum + outView.getUint32(offset + k)) >>> 0;
    }
    const record = 12 + 16 * i;
    outView.setUint32(record + 4, checksum);
    outView.setUint32(record + 8, offset);
    outView.setUint32(record + 12, bytes.length);
    offset += padded(bytes.length);
  });
  return out;
}
