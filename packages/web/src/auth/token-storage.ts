/**
 * Where Amplify keeps the session's tokens: the browser's localStorage, as
 * Amplify's own default, under the keys Amplify chooses. It also remembers
 * every key Amplify wrote or found in this page, so that `clear()` removes
 * the session at once without knowing how Amplify names its keys: Amplify's
 * sign-out removes them only after Cognito has answered the revocation, and a
 * tab closed or reloaded before that would keep a working session.
 */
import type { KeyValueStorageInterface } from 'aws-amplify/utils';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** For a page without localStorage (storage blocked, or no browser at all), as Amplify's own default: the session lasts as long as the page. */
class MemoryStore implements Store {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** The page's localStorage, when it has one it may use. */
function browserStore(): Store | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    // A browser blocking storage throws on the property itself.
    return undefined;
  }
}

export class TokenStorage implements KeyValueStorageInterface {
  private readonly used = new Set<string>();
  private memory: Store | undefined;

  constructor(private readonly browser: () => Store | undefined = browserStore) {}

  private store(): Store {
    return this.browser() ?? (this.memory ??= new MemoryStore());
  }

  setItem(key: string, value: string): Promise<void> {
    this.used.add(key);
    this.store().setItem(key, value);
    return Promise.resolve();
  }

  getItem(key: string): Promise<string | null> {
    const value = this.store().getItem(key);
    if (value !== null) this.used.add(key);
    return Promise.resolve(value);
  }

  removeItem(key: string): Promise<void> {
    this.store().removeItem(key);
    return Promise.resolve();
  }

  /** Removes every key Amplify wrote or read in this page; the page's other keys stay. */
  clear(): Promise<void> {
    for (const key of this.used) this.store().removeItem(key);
    this.used.clear();
    return Promise.resolve();
  }
}
