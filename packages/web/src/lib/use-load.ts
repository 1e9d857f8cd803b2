import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isNotFound } from '../api/errors';
import { paths } from '../paths';
import { failureText } from './failure-text';

/**
 * What a page or modal knows about the data it shows. `data` is kept through a
 * reload (a retry or a refresh after a change), so what is on screen, and any
 * form built from it, stays mounted; it is dropped only when `key` names
 * other data.
 */
export interface Load<T> {
  /** The data for the current key, once it has arrived. */
  data: T | undefined;
  /** Why the last attempt failed (a sentence for the user), or null. */
  error: string | null;
  /** A request for the current key is in flight. */
  loading: boolean;
  /** Asks again, keeping what is shown. */
  reload: () => void;
  /** Applies a local change (a renewed or deleted record) without asking the server. */
  update(change: (data: T) => T): void;
}

interface Entry<T> {
  key: string;
  data?: T;
  error: string | null;
}

/**
 * The one way pages and modals load: `load` runs when `key` changes (null:
 * nothing to load, e.g. a closed modal), answers that arrive after the key
 * changed or the component unmounted are dropped, a 404 goes to the 404 page
 * (the product spec's rule for records that are missing or not the user's)
 * unless `notFound: 'error'`, and any other failure becomes `error`, with
 * `reload` to try again.
 */
export function useLoad<T>(
  key: string | null,
  load: () => Promise<T>,
  options: { failedText: string; logAs: string; notFound?: 'page' | 'error' },
): Load<T> {
  const [entry, setEntry] = useState<Entry<T> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [inFlight, setInFlight] = useState<string | null>(null);
  // The latest closures, read when a request starts or fails: they change on
  // every render, and must not restart the request.
  const navigate = useNavigate();
  const latest = useRef({ load, options, navigate });
  latest.current = { load, options, navigate };

  useEffect(() => {
    if (key === null) {
      // Nothing to show (a closed modal): what was loaded for it goes.
      setEntry(null);
      return undefined;
    }
    let current = true;
    setInFlight(key);
    latest.current.load().then(
      (data) => {
        if (!current) return;
        // What arrived can be a whole list: rendered in slices that let input through.
        startTransition(() => {
          setEntry({ key, data, error: null });
          setInFlight(null);
        });
      },
      (error: unknown) => {
        if (!current) return;
        setInFlight(null);
        const { options: opts, navigate: go } = latest.current;
        if (isNotFound(error) && opts.notFound !== 'error') {
          void go(paths.notFound, { replace: true });
          return;
        }
        console.error(opts.logAs, error);
        setEntry((previous) => ({
          key,
          ...(previous?.key === key && previous.data !== undefined ? { data: previous.data } : {}),
          error: failureText(error, opts.failedText),
        }));
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setEntry((previous) =>
        previous?.data === undefined ? previous : { ...previous, data: change(previous.data) },
      ),
    [],
  );

  const mine = entry !== null && entry.key === key ? entry : null;
  return {
    data: mine?.data,
    error: mine?.error ?? null,
    loading: key !== null && inFlight === key,
    reload,
    update,
  };
}
