import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router-dom';

export interface LeaveGuard {
  /** A navigation is waiting for the user's answer. */
  asking: boolean;
  /** Go where the user was going. */
  leave: () => void;
  /** Stay on the page; the navigation is dropped. */
  stay: () => void;
}

/**
 * Holds every navigation away from the page while `holds()` is true (links,
 * `navigate()`, back and forward: react-router's useBlocker), asking through
 * the returned state, and has the browser ask before a reload or a closed tab.
 * `holds` is read when the navigation happens, so a page that has just saved
 * can let its own redirect through by making it false first.
 */
export function useLeaveGuard(holds: () => boolean): LeaveGuard {
  const holdsRef = useRef(holds);
  holdsRef.current = holds;
  // A dialog opening or closing on the page moves through the history without leaving it.
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        currentLocation.pathname !== nextLocation.pathname && holdsRef.current(),
      [],
    ),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!holdsRef.current()) return;
      event.preventDefault();
      // Older browsers still need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return {
    asking: blocker.state === 'blocked',
    leave: () => blocker.proceed?.(),
    stay: () => blocker.reset?.(),
  };
}
