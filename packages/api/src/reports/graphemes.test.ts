import { cutAtGrapheme, graphemesOf, segmenterWork } from './graphemes';

const whole = (text: string) =>
  [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);

describe('graphemesOf', () => {
  it('finds the clusters one segmenter over the whole text finds, across window edges', () => {
    const samples = [
      'plain ascii text',
      'Café e\u0301 Ω Жук 日本語',
      '👨‍👩‍👧‍👦'.repeat(20),
      '🇦🇺🇳🇿🇯🇵'.repeat(15) + 'x' + '🇦🇺'.repeat(9),
      `a${'\u0301'.repeat(200)}b`,
      'line\r\nbreak\rand\nmore\r\n'.repeat(10),
      '👍🏽 ok '.repeat(30),
    ];
    for (const text of samples) {
      for (let shift = 0; shift < 7; shift++) {
        const shifted = 'x'.repeat(shift) + text;
        expect([...graphemesOf(shifted)]).toEqual(whole(shifted));
      }
    }
  });

  it('segments 1 MB of emoji, accents and CJK handing the segmenter work linear in its length', () => {
    const text = 'e\u0301👨‍👩‍👧 日本 🇦🇺x\r\n'.repeat(50_000).slice(0, 1_048_576);
    segmenterWork.characters = 0;
    let count = 0;
    for (const g of graphemesOf(text)) count += g.length;
    expect(count).toBe(text.length);
    expect(segmenterWork.characters).toBeLessThan(40 * text.length);
  });

  it('handles a 1 MB cluster (a letter with a million accents) by doubling the window', () => {
    const text = `a${'\u0301'.repeat(1_048_575)}`;
    segmenterWork.characters = 0;
    expect([...graphemesOf(text)]).toEqual([text]);
    expect(segmenterWork.characters).toBeLessThan(4 * text.length);
  });
});

describe('cutAtGrapheme', () => {
  it('never leaves half an emoji or a letter without its accent', () => {
    expect(cutAtGrapheme('ab😀cd', 3)).toBe('ab');
    expect(cutAtGrapheme('abe\u0301', 3)).toBe('ab');
    expect(cutAtGrapheme('👨‍👩‍👧 family', 5)).toBe('');
    expect(cutAtGrapheme('short', 10)).toBe('short');
  });
});
