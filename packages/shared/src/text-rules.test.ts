import fc from 'fast-check';
import {
  LINK_PATTERN,
  MULTI_LINE_FORBIDDEN,
  SINGLE_LINE_FORBIDDEN,
  isMultiLineText,
  isSingleLine,
  toSingleLine,
} from './text-rules';

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
