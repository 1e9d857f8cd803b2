import { useEffect, useRef } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router-dom';

/** What a history entry of the page carries: the dialogs open on it, innermost last. */
interface DialogsState {
  dialogs?: string[];
}

/** The dialogs a history entry says are open. */
export function openDialogs(state: unknown): string[] {
  const dialogs = (state as DialogsState | null)?.dialogs;
  return Array.isArray(dialogs) ? dialogs.filter((d): d is string => typeof d === 'string') : [];
}

/**
 * Back closes a dialog before it leaves the page (a phone's back button or
 * gesture is how its users close things). An open dialog has a history entry
 * of its own, on the same address, naming it: Back returns to the entry
 * before, and the dialog is closed with `onBack`. Closed any other way (its
 * buttons, Escape), it takes its entry back out. Dialogs stack: each names
 * itself on top of the ones already open.
 */
export function useBackCloses(key: string | null, show: boolean, onBack: () => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef<{ location: Location; onBack: () => void }>({ location, onBack });
  latest.current = { location, onBack };
  /** The dialog's own entry is in the history. */
  const entered = useRef(false);

  useEffect(() => {
    if (key === null || !show) return;
    const { location: here } = latest.current;
    const open = openDialogs(here.state);
    // Shown again on its own entry (Forward, or back to a page that had it open).
    if (open.includes(key)) return;
    void navigate(
      { pathname: here.pathname, search: here.search, hash: here.hash },
      {
        state: { ...(here.state as object | null), dialogs: [...open, key] },
        preventScrollReset: true,
      },
    );
  }, [key, show, navigate]);

  // On its entry; then Back (or anything else) left it: the dialog goes with it.
  useEffect(() => {
    if (key === null || !show) return;
    if (openDialogs(location.state).includes(key)) {
      entered.current = true;
    } else if (entered.current) {
      entered.current = false;
      latest.current.onBack();
    }
  }, [key, show, location]);

  // Closed from within: its entry goes too, so the next Back leaves the page.
  useEffect(() => {
    if (show || !entered.current) return;
    entered.current = false;
    if (key !== null && openDialogs(latest.current.location.state).at(-1) === key) {
      void navigate(-1);
    }
  }, [key, show, navigate]);
}
