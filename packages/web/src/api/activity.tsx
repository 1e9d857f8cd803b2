/**
 * Whether a request has been waiting long enough to say why. A paused Aurora
 * cluster takes 15-30 s to resume, and a bare spinner for that long reads as
 * a hang: after SLOW_REQUEST_MS the spinners say the database is waking up,
 * and when no spinner is on screen (a form being saved) a notice says it.
 * Kept apart from the client, which carries the route table, so the first
 * route can show it without loading the API's code.
 */
import { type ReactNode, createContext, useContext, useEffect, useSyncExternalStore } from 'react';

export const SLOW_REQUEST_MS = 2_000;
export const WAKING_TEXT = 'Waking up the database, a few seconds...';

export interface RequestActivity {
  /** Marks a request as started; the answer marks it ended (call it once). */
  start(): () => void;
  /** A spinner is on screen until the answer is called: it says the waking text itself. */
  showSpinner(): () => void;
  /** Some request has waited at least SLOW_REQUEST_MS. */
  slow: () => boolean;
  /** Some spinner is on screen. */
  spinning: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createRequestActivity(
  options: { slowAfterMs?: number; timers?: Timers } = {},
): RequestActivity {
  const slowAfterMs = options.slowAfterMs ?? SLOW_REQUEST_MS;
  const timers = options.timers ?? realTimers;
  const listeners = new Set<() => void>();
  let slowRequests = 0;
  let spinners = 0;
  const emit = () => listeners.forEach((listener) => listener());

  /** Runs `end` at most once, however often the answer is called. */
  const once = (end: () => void) => {
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      end();
    };
  };

  return {
    start() {
      let slow = false;
      const timer = timers.setTimeout(() => {
        slow = true;
        slowRequests += 1;
        emit();
      }, slowAfterMs);
      return once(() => {
        timers.clearTimeout(timer);
        if (!slow) return;
        slowRequests -= 1;
        emit();
      });
    },
    showSpinner() {
      spinners += 1;
      emit();
      return once(() => {
        spinners -= 1;
        emit();
      });
    },
    slow: () => slowRequests > 0,
    spinning: () => spinners > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const ActivityContext = createContext<RequestActivity | null>(null);

/** The app's request activity; without a provider, one that never turns slow (tests of single components). */
export function RequestActivityProvider(props: { activity: RequestActivity; children: ReactNode }) {
  return (
    <ActivityContext.Provider value={props.activity}>{props.children}</ActivityContext.Provider>
  );
}

const idle: RequestActivity = {
  start: () => () => undefined,
  showSpinner: () => () => undefined,
  slow: () => false,
  spinning: () => false,
  subscribe: () => () => undefined,
};

export function useRequestActivity(): RequestActivity {
  return useContext(ActivityContext) ?? idle;
}

/** Whether some request is slow; re-renders when that changes. */
export function useSlowRequests(): boolean {
  const activity = useRequestActivity();
  return useSyncExternalStore(activity.subscribe, activity.slow, activity.slow);
}

/** For a spinner: registers it while mounted, and answers whether to say the waking text. */
export function useSpinnerActivity(): boolean {
  const activity = useRequestActivity();
  useEffect(() => activity.showSpinner(), [activity]);
  return useSlowRequests();
}

/**
 * The waking text where no spinner says it (a form being saved, a card's
 * Renew): a polite status at the bottom of the screen, fixed so that it moves
 * nothing on the page.
 */
export function SlowRequestNotice() {
  const activity = useRequestActivity();
  const slow = useSlowRequests();
  const spinning = useSyncExternalStore(activity.subscribe, activity.spinning, activity.spinning);
  // The live region stays mounted, so a screen reader hears the text when it appears.
  return (
    <div className="slow-notice-region" role="status" aria-live="polite">
      {slow && !spinning && <div className="slow-notice shadow">{WAKING_TEXT}</div>}
    </div>
  );
}
