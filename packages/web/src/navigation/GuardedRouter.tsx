/**
 * The app's router: react-router's <Router> over a history whose navigations
 * a page can hold back while it has unsaved input (useLeaveGuard).
 *
 * react-router offers this (useBlocker) only under a data router, whose code
 * would add about 18 KB gzip to the first route; this is the same mechanism
 * (hold PUSH/REPLACE, undo a POP with history.go) over the history object the
 * library's own BrowserRouter and MemoryRouter use. See decision 020.
 */
import {
  type ReactNode,
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  type Location,
  type NavigationType,
  type Navigator,
  Router,
  type To,
  UNSAFE_createBrowserHistory,
  UNSAFE_createMemoryHistory,
} from 'react-router-dom';

export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/** A page's claim on the current location: asked before any navigation leaves it. */
interface Guard {
  /** True while leaving would lose something (read at navigation time). */
  holds(): boolean;
  /** Called with the held navigation; the page asks the user and runs `retry` to go anyway. */
  blocked(retry: () => void): void;
}

interface GuardRegistry {
  add(guard: Guard): () => void;
}

const GuardContext = createContext<GuardRegistry | null>(null);

export function browserHistory(): AppHistory {
  return UNSAFE_createBrowserHistory({ v5Compat: true });
}

/** For tests: the same guarded router over an in-memory history. */
export function memoryHistory(initialEntries: (string | Partial<Location>)[] = ['/']): AppHistory {
  return UNSAFE_createMemoryHistory({ initialEntries, v5Compat: true });
}

export function GuardedRouter(props: { history: AppHistory; children: ReactNode }) {
  const { history } = props;
  const guards = useRef(new Set<Guard>());
  /** Set while a held navigation is being let through. */
  const letThrough = useRef(false);
  /** The POP that undoes a held back/forward, which must not reach the app. */
  const undoing = useRef(false);
  const [state, setState] = useState<{ action: NavigationType; location: Location }>({
    action: history.action,
    location: history.location,
  });

  const holding = useCallback((): Guard | undefined => {
    if (letThrough.current) return undefined;
    for (const guard of guards.current) if (guard.holds()) return guard;
    return undefined;
  }, []);

  const goAnyway = useCallback((go: () => void) => {
    letThrough.current = true;
    try {
      go();
    } finally {
      letThrough.current = false;
    }
  }, []);

  const navigator = useRef<Navigator | null>(null);
  navigator.current ??= {
    createHref: (to: To) => history.createHref(to),
    encodeLocation: (to: To) => history.encodeLocation(to),
    go: (delta: number) => history.go(delta),
    push(to: To, navState?: unknown) {
      const guard = holding();
      if (guard) guard.blocked(() => goAnyway(() => history.push(to, navState)));
      else history.push(to, navState);
    },
    replace(to: To, navState?: unknown) {
      const guard = holding();
      if (guard) guard.blocked(() => goAnyway(() => history.replace(to, navState)));
      else history.replace(to, navState);
    },
  };

  useLayoutEffect(
    () =>
      history.listen(({ action, location, delta }) => {
        if (action === 'POP') {
          if (undoing.current) {
            undoing.current = false;
            return;
          }
          const guard = holding();
          // Back or forward has already moved the URL: move it back and ask.
          if (guard && delta) {
            undoing.current = true;
            history.go(-delta);
            guard.blocked(() => {
              letThrough.current = true;
              history.go(delta);
            });
            return;
          }
          letThrough.current = false;
        }
        startTransition(() => setState({ action, location }));
      }),
    [history, holding],
  );

  const registry = useRef<GuardRegistry | null>(null);
  registry.current ??= {
    add(guard) {
      guards.current.add(guard);
      return () => guards.current.delete(guard);
    },
  };

  return (
    <GuardContext.Provider value={registry.current}>
      <Router location={state.location} navigationType={state.action} navigator={navigator.current}>
        {props.children}
      </Router>
    </GuardContext.Provider>
  );
}

export interface LeaveGuard {
  /** A navigation is waiting for the user's answer. */
  asking: boolean;
  /** Go where the user was going. */
  leave(): void;
  /** Stay on the page; the navigation is dropped. */
  stay(): void;
}

/**
 * Holds every navigation away from the page while `holds()` is true (asking
 * through the returned state), and has the browser ask before a reload or a
 * closed tab. `holds` is read when the navigation happens, so a page that has
 * just saved can let its own redirect through by making it false first.
 */
export function useLeaveGuard(holds: () => boolean): LeaveGuard {
  const registry = useContext(GuardContext);
  const holdsRef = useRef(holds);
  holdsRef.current = holds;
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!registry) return undefined;
    return registry.add({
      holds: () => holdsRef.current(),
      blocked: (retry) => setPending(() => retry),
    });
  }, [registry]);

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
    asking: pending !== null,
    leave() {
      setPending(null);
      pending?.();
    },
    stay() {
      setPending(null);
    },
  };
}
