/**
 * The text a baked PNG badge carries: Open Badges 2.0 bakes the assertion in
 * an iTXt chunk with the keyword `openbadges`, Open Badges 3.0 the credential
 * under `openbadgecredential`. One pass over the chunks, each read by its
 * declared length and checked against its CRC; the text may be deflated
 * (iTXt's compression flag). tEXt chunks with the same keyword are read too.
 */
import { crc32, inflateSync } from 'node:zlib';
import { BadgeError } from './errors';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const PNG_KEYWORDS = ['openbadges', 'openbadgecredential'] as const;
export type PngKeyword = (typeof PNG_KEYWORDS)[number];

/** Inflated text may not grow past this (a zip bomb stops here). */
const MAX_TEXT_BYTES = 1024 * 1024;

export function isPng(bytes: Buffer): boolean {
  return bytes.length >= SIGNATURE.length && bytes.subarray(0, 8).equals(SIGNATURE);
}

/** The chunk's text when it is an iTXt or tEXt chunk with one of the badge keywords. */
function badgeText(type: string, data: Buffer): { keyword: PngKeyword; text: string } | undefined {
  if (type !== 'iTXt' && type !== 'tEXt') return undefined;
  const nul = data.indexOf(0);
  if (nul < 1) return undefined;
  const keyword = data.subarray(0, nul).toString('latin1');
  if (!(PNG_KEYWORDS as readonly string[]).includes(keyword)) return undefined;
  const found = keyword as PngKeyword;
  if (type === 'tEXt') return { keyword: found, text: data.subarray(nul + 1).toString('latin1') };
  // iTXt: keyword \0, compression flag, method, language tag \0, translated keyword \0, text.
  const flag = data[nul + 1];
  const method = data[nul + 2];
  const langEnd = data.indexOf(0, nul + 3);
  const translatedEnd = langEnd < 0 ? -1 : data.indexOf(0, langEnd + 1);
  if (flag === undefined || method === undefined || translatedEnd < 0) {
    throw new BadgeError(`the PNG's ${keyword} text chunk is cut short`);
  }
  const raw = data.subarray(translatedEnd + 1);
  if (flag === 0) return { keyword: found, text: raw.toString('utf8') };
  if (flag !== 1 || method !== 0) {
    throw new BadgeError(`the PNG's ${keyword} text chunk uses an unknown compression`);
  }
  try {
    return {
      keyword: found,
      text: inflateSync(raw, { maxOutputLength: MAX_TEXT_BYTES }).toString('utf8'),
    };
  } catch {
    throw new BadgeError(`the PNG's ${keyword} text chunk does not inflate`);
  }
}

/** The badge text baked into a PNG; a BadgeError when it is malformed or holds none. */
export function readPngBadge(bytes: Buffer): { keyword: PngKeyword; text: string } {
  if (!isPng(bytes)) throw new BadgeError('the file is not a PNG');
  let offset = SIGNATURE.length;
  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) throw new BadgeError('the PNG is cut short');
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) throw new BadgeError('the PNG is cut short');
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    const type = typeAndData.subarray(0, 4).toString('latin1');
    if (!/^[A-Za-z]{4}$/.test(type)) throw new BadgeError('the PNG has a malformed chunk');
    if (crc32(typeAndData) !== bytes.readUInt32BE(offset + 8 + length)) {
      throw new BadgeError(`the PNG's ${type} chunk fails its checksum (the file is damaged)`);
    }
    const found = badgeText(type, typeAndData.subarray(4));
    if (found) return found;
    if (type === 'IEND') break;
    offset = end;
  }
  throw new BadgeError(
    'the PNG carries no Open Badge (no openbadges or openbadgecredential text chunk): it is an image, not a baked badge',
  );
}

/** A PNG chunk (length, type, data, CRC): for baking a badge into an image. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  typeAndData.copy(out, 4);
  out.writeUInt32BE(crc32(typeAndData), 8 + data.length);
  return out;
}
