/**
 * Grapheme clusters (what a reader sees as one character: an emoji with its
 * skin tone and joiners, a letter with its accents) in time linear in the
 * text's length.
 *
 * `Intl.Segmenter` is the reader of record, but V8's segment iterator copies
 * the whole input into each segment it makes (its `input` field), so one
 * segmenter over a 1 MB text costs a million copies of a million characters.
 * The text is therefore segmented in short windows that end between code
 * points: each window's last segment may continue past it and is read again
 * as the start of the next one (a boundary before it depends only on what
 * precedes it and on its first code point, both inside the window), and a
 * window holding no complete segment (a cluster longer than the window) is
 * doubled until it does.
 */
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** What makes a text other than one grapheme per character: anything at or above U+0300, where combining marks start, or a CR (CR LF is one grapheme). */
const NOT_SIMPLE = /[\u0300-\uffff\r]/;

const WINDOW = 32;

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

/** What the segmenter was handed, summed over its segments: a test bounds it by the text's length. */
export const segmenterWork = { characters: 0 };

/** The text's grapheme clusters, in order. */
export function* graphemesOf(text: string): Generator<string, void, undefined> {
  if (!NOT_SIMPLE.test(text)) {
    // One code unit each (nothing here is a surrogate).
    for (let i = 0; i < text.length; i++) yield text.charAt(i);
    return;
  }
  let start = 0;
  let window = WINDOW;
  while (start < text.length) {
    let end = Math.min(text.length, start + window);
    // Never between the halves of a surrogate pair: a lone half would read as a cluster of its own.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++;
    const chunk = text.slice(start, end);
    const segments: string[] = [];
    for (const { segment } of segmenter.segment(chunk)) {
      segmenterWork.characters += chunk.length;
      segments.push(segment);
    }
    if (end < text.length) {
      if (segments.length < 2) {
        window *= 2;
        continue;
      }
      segments.pop();
    }
    for (const segment of segments) {
      yield segment;
      start += segment.length;
    }
    window = WINDOW;
  }
}

/**
 * At most `max` UTF-16 code units of `text`, cut between graphemes (never
 * inside a surrogate pair, an emoji sequence or a letter and its accents).
 */
export function cutAtGrapheme(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const g of graphemesOf(text.slice(0, max + 64))) {
    if (out.length + g.length > max) break;
    out += g;
  }
  return out;
}
