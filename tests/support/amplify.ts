import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { ConsoleLogger, type KeyValueStorageInterface } from 'aws-amplify/utils';

/** A per-test token store, so no test inherits another's signed-in user (Amplify is a singleton). */
export class MemoryKeyValueStorage implements KeyValueStorageInterface {
  readonly items = new Map<string, string>();
  setItem(key: string, value: string): Promise<void> {
    this.items.set(key, value);
    return Promise.resolve();
  }
  getItem(key: string): Promise<string | null> {
    return Promise.resolve(this.items.get(key) ?? null);
  }
  removeItem(key: string): Promise<void> {
    this.items.delete(key);
    return Promise.resolve();
  }
  clear(): Promise<void> {
    this.items.clear();
    return Promise.resolve();
  }
}

/**
 * Points Amplify's auth category at a local pool, as the SPA does with the
 * runtime config. Node 20 already provides what Amplify needs from a browser
 * (fetch, WebCrypto's getRandomValues, atob/btoa); only the token storage is
 * chosen here, because Node has no localStorage.
 */
export function configureAmplify(pool: { userPoolId: string; clientId: string; endpoint: string }) {
  // Amplify warns on every configure that the endpoint is custom: expected here.
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.clientId,
        userPoolEndpoint: pool.endpoint,
      },
    },
  });
  const storage = new MemoryKeyValueStorage();
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
  return storage;
}
