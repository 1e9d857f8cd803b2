import { chunks } from './imports';

describe('an import in statements', () => {
  it('puts at most 500 rows in a statement', () => {
    const rows = Array.from({ length: 1201 }, (_, i) => ({ i }));
    expect(chunks(rows).map((c) => c.length)).toEqual([500, 500, 201]);
    expect(chunks(rows).flat()).toEqual(rows);
  });

  it('keeps a statement under its JSON bytes however large the rows', () => {
    // Descriptions of 5,000 three-byte characters: 500 of them would be 7.5 MB.
    const rows = Array.from({ length: 500 }, () => ({ description: '€'.repeat(5000) }));
    const sizes = chunks(rows).map((c) => Buffer.byteLength(JSON.stringify(c)));
    expect(sizes.length).toBeGreaterThan(3);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(chunks(rows).flat()).toHaveLength(500);
  });
});
