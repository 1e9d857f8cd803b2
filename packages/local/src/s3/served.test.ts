import { OBJECT_CSP, servedSafely } from './served';

describe('how an object is served', () => {
  it('runs nothing and sniffs nothing, whatever the type', () => {
    for (const type of ['text/html', 'image/svg+xml', 'application/pdf', 'image/png', undefined])
      expect(servedSafely(type, undefined)).toMatchObject({
        'content-security-policy': OBJECT_CSP,
        'x-content-type-options': 'nosniff',
      });
    expect(OBJECT_CSP).toBe("default-src 'none'; sandbox");
  });

  it.each([
    ['text/html', undefined, 'attachment'],
    ['text/html', 'inline', 'attachment'],
    [
      'text/html; charset=utf-8',
      'inline; filename="evil.html"',
      'attachment; filename="evil.html"',
    ],
    ['image/svg+xml', 'inline', 'attachment'],
    ['application/xhtml+xml', 'INLINE', 'attachment'],
    ['image/png', undefined, 'attachment'],
    ['image/png', 'inline', 'inline'],
    ['image/jpeg', 'inline; filename="a.jpg"', 'inline; filename="a.jpg"'],
    ['application/pdf', 'inline', 'inline'],
    ['application/pdf', "attachment; filename*=UTF-8''r.pdf", "attachment; filename*=UTF-8''r.pdf"],
    ['text/csv', 'something-else; filename="x.csv"', 'attachment; filename="x.csv"'],
  ])('%s asked as %s is served as %s', (type, disposition, served) => {
    expect(servedSafely(type, disposition)['content-disposition']).toBe(served);
  });
});
