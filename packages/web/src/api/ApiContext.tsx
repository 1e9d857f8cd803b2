import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { User } from '@cpe/shared/schemas';
import { useAuth } from '../auth/AuthContext';
import type { RuntimeConfig } from '../config';
import { type RequestActivity, RequestActivityProvider, createRequestActivity } from './activity';
import { type Api, createApi } from './api';
import { loadAppUser } from './users';

interface ApiContextValue {
  api: Api;
  /** The signed-in user's app record (user_id), fetched once per session. */
  appUser: (email: string) => Promise<User>;
}

const ApiContext = createContext<ApiContextValue | null>(null);

/**
 * Provides an Api (the real one or a test's fake), the per-session app user,
 * and the activity its requests report to (see activity.tsx).
 */
export function ApiProvider(props: { api: Api; activity?: RequestActivity; children: ReactNode }) {
  const { api } = props;
  const { user } = useAuth();
  const cache = useRef(new Map<string, Promise<User>>());
  const sessionEmail = user?.email;

  const appUser = useCallback(
    (email: string) => {
      const key = email.toLowerCase();
      let entry = cache.current.get(key);
      if (!entry) {
        entry = loadAppUser(api, email);
        // A failed lookup is not remembered: the next page load tries again.
        entry.catch(() => cache.current.delete(key));
        cache.current.set(key, entry);
      }
      return entry;
    },
    [api],
  );

  const value = useMemo(() => {
    // A new session never sees the previous one's record.
    if (!sessionEmail) cache.current.clear();
    return { api, appUser };
  }, [api, appUser, sessionEmail]);

  const provided = <ApiContext.Provider value={value}>{props.children}</ApiContext.Provider>;
  return props.activity ? (
    <RequestActivityProvider activity={props.activity}>{provided}</RequestActivityProvider>
  ) : (
    provided
  );
}

/**
 * The real API over HTTP: bearer tokens from the session. A 401 ends the
 * session; a signed-in-only page then sends the user to /login, saying why
 * and leading back (RequireAuth).
 */
export function HttpApiProvider(props: { config: RuntimeConfig; children: ReactNode }) {
  const { config } = props;
  const auth = useAuth();
  const authRef = useRef(auth);
  authRef.current = auth;

  const [activity] = useState(createRequestActivity);
  const api = useMemo(
    () =>
      createApi({
        config,
        getAccessToken: async () => (await authRef.current.service()).accessToken(),
        onUnauthorized: () => {
          // A late answer after signing out (a deleted account's last requests) changes nothing.
          if (authRef.current.status === 'signedOut') return;
          void authRef.current.endSession();
        },
        activity,
      }),
    [config, activity],
  );
  return (
    <ApiProvider api={api} activity={activity}>
      {props.children}
    </ApiProvider>
  );
}

export function useApi(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi needs an ApiProvider');
  return value;
}
