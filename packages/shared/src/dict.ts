/**
 * A string-keyed map as a plain object with no prototype. Keys come from
 * requests (header names, usernames, form fields); on an ordinary object a
 * key such as `__proto__` or `constructor` finds Object.prototype's members,
 * on a Dict it finds nothing. The lint rule cpe/no-prototype-keyed-maps
 * accepts string keys only on Dicts and Maps.
 */
export type Dict<T> = { [key: string]: T };

/** A new Dict, optionally filled from entries (a `__proto__` entry becomes an ordinary key). */
export function dict<T>(entries: Iterable<readonly [string, T]> = []): Dict<T> {
  const out = Object.create(null) as Dict<T>;
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return out;
}
