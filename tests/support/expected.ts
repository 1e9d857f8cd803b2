/**
 * Jest's asymmetric matchers, answering `unknown` where @types/jest says
 * `any`, so an expected object built with them is type-checked like any other.
 */
export const expected = {
  any: (type: unknown): unknown => expect.any(type),
  anything: (): unknown => expect.anything(),
  stringMatching: (pattern: string | RegExp): unknown => expect.stringMatching(pattern),
  stringContaining: (text: string): unknown => expect.stringContaining(text),
  objectContaining: (object: object): unknown => expect.objectContaining(object),
  arrayContaining: (items: readonly unknown[]): unknown => expect.arrayContaining(items),
};
