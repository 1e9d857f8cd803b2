/**
 * How many proposals wait in the signed-in user's inbox, for the top bar's
 * badge. Read when the session starts and whenever the tab is shown again;
 * the inbox pages set it from what they load and refresh it after an
 * accept, a dismissal or an upload. A failed read leaves the badge as it
 * was: the count is a hint, the inbox page is the answer.
 */
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
import { useApi } from '../api/ApiContext';
import { useAuth } from '../auth/AuthContext';

interface InboxCount {
  /** null until known (signed out, or not read yet). */
  count: number | null;
  /** Reads the count again. */
  refresh(): void;
  /** The count as a page just read it (its list's length). */
  set: (count: number) => void;
}

const InboxCountContext = createContext<InboxCount>({
  count: null,
  refresh: () => undefined,
  set: () => undefined,
});

export function InboxCountProvider(props: { children: ReactNode }) {
  const { status, user } = useAuth();
  const { api } = useApi();
  const email = status === 'signedIn' ? user?.email : undefined;
  const [count, setCount] = useState<number | null>(null);
  // Only the latest read (or set) counts: an older answer arriving late changes nothing.
  const latest = useRef(0);

  const refresh = useCallback(() => {
    if (!email) return;
    const mine = ++latest.current;
    void (async () => {
      try {
        const list = await api.listProposals();
        if (mine === latest.current) setCount(list.length);
      } catch {
        // The badge stays as it was; the inbox page says what went wrong.
      }
    })();
  }, [api, email]);

  const set = useCallback((next: number) => {
    latest.current += 1;
    setCount(next);
  }, []);

  useEffect(() => {
    latest.current += 1;
    setCount(null);
    refresh();
  }, [refresh]);

  useEffect(() => {
    if (!email) return undefined;
    const onShow = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [email, refresh]);

  const value = useMemo(() => ({ count, refresh, set }), [count, refresh, set]);
  return <InboxCountContext.Provider value={value}>{props.children}</InboxCountContext.Provider>;
}

export function useInboxCount(): InboxCount {
  return useContext(InboxCountContext);
}
