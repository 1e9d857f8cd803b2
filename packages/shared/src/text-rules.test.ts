import fc from 'fast-check';
import {
  LINK_PATTERN,
  MULTI_LINE_FORBIDDEN,
  SINGLE_LINE_FORBIDDEN,
  isMultiLineText,
  isSingleLine,
  toSingleLine,
  withoutDirectionControls,
} from './text-rules';
import { requiredName } from './schemas/build';

const isControl = (c: string) => /\p{Cc}/u.test(c) || c === '\u2028' || c === '\u2029';

describe('text rules (issue 9 item 5: control characters)', () => {
  it('single-line text refuses every control character and line separator, and nothing else (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (text) => {
        const withoutNul = text.split('\u0000').join('');
        expect(isSingleLine(withoutNul)).toBe(![...withoutNul].some(isControl));
      }),
    );
  });

  it('multi-line text keeps line feeds, carriage returns and tabs, and refuses the other controls', () => {
    expect(isMultiLineText('line one\r\nline two\n\tindented')).toBe(true);
    expect(isMultiLineText('bell\u0007')).toBe(false);
    expect(isMultiLineText('escape\u001b[31m')).toBe(false);
    expect(isMultiLineText('next line\u0085')).toBe(false);
    expect(isSingleLine('a\r\nb')).toBe(false);
    expect(isSingleLine('a\u2028b')).toBe(false);
    expect(isSingleLine('Zoë 😀 – fine')).toBe(true);
  });

  it('toSingleLine puts a space where a single-line field refuses a character', () => {
    expect(toSingleLine('Eve\r\nBcc: x@y.z')).toBe('Eve  Bcc: x@y.z');
  });

  it('writes patterns PostgreSQL reads the same way: no flags, classes or lookarounds', () => {
    for (const pattern of [SINGLE_LINE_FORBIDDEN, MULTI_LINE_FORBIDDEN, LINK_PATTERN]) {
      expect(pattern).not.toMatch(/\(\?|\\[dswDSWbB]|\\p\{/);
    }
  });

  it.each([
    ['https://example.com', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['Http://x.y', true],
    ['http:evil.example', false],
    ['https:/x.y', false],
    ['ht\ttps://x.y', false],
    ['https:\\\\x.y', false],
    ['https://x.y/a b', false],
    ['https://x.y/\u0085', false],
    ['javascript:alert(1)', false],
    ['https://', false],
  ])('LINK_PATTERN on %j: %s', (link, ok) => {
    expect(new RegExp(LINK_PATTERN).test(link)).toBe(ok);
  });
});

describe('direction controls (issue 25 item 6)', () => {
  const CONTROLS = [
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200e',
    '\u200f',
    '\u061c',
  ];

  it('removes every bidirectional control and keeps every other character (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => {
        const expected = [...text].filter((c) => !CONTROLS.includes(c)).join('');
        expect(withoutDirectionControls(text)).toBe(expected);
      }),
    );
    expect(withoutDirectionControls(`invoice${CONTROLS.join('')}fdp.exe`)).toBe('invoicefdp.exe');
    expect(withoutDirectionControls('שלום עולם مرحبا')).toBe('שלום עולם مرحبا');
  });

  it('single-line schema text arrives without them, then trimmed', () => {
    const name = requiredName('Name');
    expect(name.parse(' \u202eCISSP\u202c ')).toBe('CISSP');
    expect(name.safeParse('\u202e\u2066').success).toBe(false);
  });
});
