import { FILE_RULES } from '@cpe/shared';
import { contentMatches } from './contents';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );

/** A real-looking start of each type, and what must not pass for it. */
const SAMPLES: Record<string, Buffer> = {
  'application/pdf': bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj'),
  'image/png': bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'),
  'image/jpeg': bytes([0xff, 0xd8, 0xff, 0xe1, 0, 0x18], 'Exif'),
  'image/webp': bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8L'),
  'image/heic': bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic', [0, 0, 0, 0]),
};

describe('proof contents by magic bytes (issue 25 item 6)', () => {
  it('has a sample for every type a proof may declare', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...FILE_RULES.contentTypes].sort());
  });

  it.each(Object.entries(SAMPLES))('accepts %s only for its own bytes', (type, sample) => {
    for (const [other, otherSample] of Object.entries(SAMPLES))
      expect({ type, of: other, ok: contentMatches(type, otherSample) }).toEqual({
        type,
        of: other,
        ok: other === type,
      });
    expect(contentMatches(type, sample)).toBe(true);
  });

  it('refuses a Windows program, text and nothing at all as any type', () => {
    const exe = bytes('MZ\x90\x00\x03\x00\x00\x00\x04\x00');
    for (const type of FILE_RULES.contentTypes) {
      expect(contentMatches(type, exe)).toBe(false);
      expect(contentMatches(type, bytes('just some text..'))).toBe(false);
      expect(contentMatches(type, new Uint8Array())).toBe(false);
    }
  });

  it('finds a PDF header within the first 1024 bytes, as readers do, and not after', () => {
    expect(contentMatches('application/pdf', bytes(' '.repeat(1000), '%PDF-1.4'))).toBe(true);
    expect(contentMatches('application/pdf', bytes(' '.repeat(1024), '%PDF-1.4'))).toBe(false);
  });

  it('takes a HEIF file as HEIC only when a HEIC brand is among its brands', () => {
    const avif = bytes([0, 0, 0, 0x18], 'ftypavif', [0, 0, 0, 0], 'mif1avif', [0, 0, 0, 0]);
    expect(contentMatches('image/heic', avif)).toBe(false);
    const mif1 = bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0], 'mif1heic', [0, 0, 0, 0]);
    expect(contentMatches('image/heic', mif1)).toBe(true);
    // A box size past the end of the file is no ftyp box.
    const cut = bytes([0, 0, 1, 0], 'ftypmif1', [0, 0, 0, 0], 'mif1heic');
    expect(contentMatches('image/heic', cut)).toBe(false);
  });

  it('knows no other type', () => {
    expect(contentMatches('text/html', bytes('<html>'))).toBe(false);
    expect(contentMatches('__proto__', bytes('x'))).toBe(false);
  });
});
