import { type ReactNode, useRef } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { PageSpinner } from './PageSpinner';

/**
 * Signed-in-only pages: signed-out visitors go to /login, and come back after
 * signing in. Once a page is shown it stays mounted while the session is
 * re-read (status back to 'loading'); only signing out replaces it, so a
 * session check never throws away what the user typed.
 */
export function RequireAuth(props: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  const shown = useRef(false);
  if (status === 'signedOut') {
    shown.current = false;
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (status === 'loading' && !shown.current) return <PageSpinner />;
  shown.current = true;
  return <>{props.children}</>;
}
