import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { AuthService, SessionUser, SignInOutcome } from './types';

/** The spec's sign-out timeout: the UI never waits longer than this for the provider. */
export const SIGN_OUT_TIMEOUT_MS = 3000;

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  /** The identity provider, once its code has loaded. */
  service(): Promise<AuthService>;
  /** Signs in and updates the session user. */
  signIn(email: string, password: string): Promise<SignInOutcome>;
  /** Signs out (at most SIGN_OUT_TIMEOUT_MS) and clears the user, even when the provider fails. */
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The session as the app found it before its first render (stored-session.ts). */
export interface RestoredSession {
  /** The signed-in user; null when the browser holds no session or it could not be restored. */
  user: SessionUser | null;
  /** The provider, when its code was loaded to restore the session. */
  service?: AuthService;
}

/**
 * The session for the pages. Without `restored` it loads the provider when
 * mounted and is 'loading' until the provider answers; with it, it starts from
 * what was restored and loads the provider only when something needs it.
 */
export function AuthProvider(props: {
  load: () => Promise<AuthService>;
  restored?: RestoredSession;
  children: ReactNode;
}) {
  const { load } = props;
  const [restored] = useState(props.restored);
  const [user, setUser] = useState<SessionUser | null>(restored?.user ?? null);
  const [status, setStatus] = useState<AuthStatus>(
    restored ? (restored.user ? 'signedIn' : 'signedOut') : 'loading',
  );
  const serviceRef = useRef<Promise<AuthService> | null>(
    restored?.service ? Promise.resolve(restored.service) : null,
  );

  const service = useCallback(
    () =>
      (serviceRef.current ??= load().catch((error: unknown) => {
        // Not remembered: loaded on demand, the code is asked for again next time.
        serviceRef.current = null;
        throw error;
      })),
    [load],
  );

  useEffect(() => {
    if (restored) return undefined;
    let cancelled = false;
    service()
      .then((s) => s.currentUser())
      .then(
        (current) => {
          if (cancelled) return;
          setUser(current);
          setStatus(current ? 'signedIn' : 'signedOut');
        },
        (error: unknown) => {
          console.error('Could not load sign-in', error);
          if (!cancelled) setStatus('signedOut');
        },
      );
    return () => {
      cancelled = true;
    };
  }, [service, restored]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const s = await service();
      const outcome = await s.signIn(email, password);
      if (outcome === 'signedIn') {
        const current = (await s.currentUser()) ?? { email };
        setUser(current);
        setStatus('signedIn');
      }
      return outcome;
    },
    [service],
  );

  const signOut = useCallback(async () => {
    try {
      const s = await service();
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        s.signOut(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, SIGN_OUT_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
    } catch (error) {
      console.error('Sign-out failed', error);
    } finally {
      setUser(null);
      setStatus('signedOut');
    }
  }, [service]);

  const value = useMemo(
    () => ({ status, user, service, signIn, signOut }),
    [status, user, service, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{props.children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
