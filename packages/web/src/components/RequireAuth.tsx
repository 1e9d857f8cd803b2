import { type ReactNode, useRef } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { paths } from '../paths';
import { PageSpinner } from './PageSpinner';

/** What a protected page tells the sign-in page when it sends the user there. */
export interface SignInState {
  /** The page to return to once signed in. */
  from: string;
  /** The session ended while the user was on it (not a visit while signed out). */
  expired?: boolean;
  /** Whose session it was: the page is theirs to return to. */
  email?: string;
}

/**
 * Signed-in-only pages: signed-out visitors go to /login, and come back after
 * signing in. Once a page is shown it stays mounted while the session is
 * re-read (status back to 'loading'); only signing out replaces it, so a
 * session check never throws away what the user typed. A session that ended
 * under the page (the API refused it) says so on the sign-in page; what the
 * user was typing is kept as a draft (lib/drafts.ts) for their return.
 */
export function RequireAuth(props: { children: ReactNode }) {
  const { status, sessionLost } = useAuth();
  const location = useLocation();
  const shown = useRef(false);
  if (status === 'signedOut') {
    shown.current = false;
    const state: SignInState = {
      from: location.pathname + location.search,
      ...(sessionLost !== null ? { expired: true, email: sessionLost } : {}),
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (status === 'loading' && !shown.current) return <PageSpinner />;
  shown.current = true;
  return <>{props.children}</>;
}
