import {
  type ReactNode,
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { atMost } from '../lib/at-most';
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
  signOut: () => Promise<void>;
  /**
   * The API refused the session (signed out in another tab, tokens expired):
   * signs out as signOut does, and remembers that the session ended rather
   * than that the user left, so the sign-in page can say why and lead back.
   */
  endSession(): Promise<void>;
  /**
   * Whose session ended without them signing out (see endSession): their
   * email; null otherwise, and again after a sign-in.
   */
  sessionLost: string | null;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The session for the pages: 'loading' until the provider, loaded when this
 * mounts, has said who is signed in (Amplify reads the session it keeps in
 * the browser, refreshing its tokens when they have expired).
 */
export function AuthProvider(props: { load: () => Promise<AuthService>; children: ReactNode }) {
  const { load } = props;
  const [user, setUser] = useState<SessionUser | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [sessionLost, setSessionLost] = useState<string | null>(null);
  const userRef = useRef(user);
  userRef.current = user;
  const serviceRef = useRef<Promise<AuthService> | null>(null);

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
    let cancelled = false;
    service()
      .then((s) => s.currentUser())
      .then(
        (current) => {
          if (cancelled) return;
          // The page behind the session renders in slices that let input through.
          startTransition(() => {
            setUser(current);
            setStatus(current ? 'signedIn' : 'signedOut');
          });
        },
        (error: unknown) => {
          console.error('Could not load sign-in', error);
          if (!cancelled) setStatus('signedOut');
        },
      );
    return () => {
      cancelled = true;
    };
  }, [service]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const s = await service();
      const outcome = await s.signIn(email, password);
      if (outcome === 'signedIn') {
        const current = (await s.currentUser()) ?? { email };
        setUser(current);
        setStatus('signedIn');
        setSessionLost(null);
      }
      return outcome;
    },
    [service],
  );

  const leave = useCallback(
    async (lost: boolean) => {
      const email = userRef.current?.email ?? null;
      try {
        const s = await service();
        await atMost(s.signOut(), SIGN_OUT_TIMEOUT_MS);
      } catch (error) {
        console.error('Sign-out failed', error);
      } finally {
        setUser(null);
        setStatus('signedOut');
        setSessionLost(lost ? email : null);
      }
    },
    [service],
  );
  const signOut = useCallback(() => leave(false), [leave]);
  const endSession = useCallback(() => leave(true), [leave]);

  const value = useMemo(
    () => ({ status, user, service, signIn, signOut, endSession, sessionLost }),
    [status, user, service, signIn, signOut, endSession, sessionLost],
  );
  return <AuthContext.Provider value={value}>{props.children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
