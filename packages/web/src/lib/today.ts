import { createContext, useContext } from 'react';

/** Today's date where the user is (a deadline is a day in their calendar), as YYYY-MM-DD. */
export function localTodayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The clock the pages read "today" from: the user's local date, unless a test
 * (or a story) provides another. Which reporting year is "this year" and how
 * many days are left until a deadline depend on it; where a certification
 * stands comes from the API.
 */
export const TodayContext = createContext<() => string>(() => localTodayIso());

export function useToday(): string {
  return useContext(TodayContext)();
}
