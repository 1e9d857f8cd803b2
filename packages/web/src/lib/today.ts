import { createContext, useContext } from 'react';
import { localTodayIso } from './rules';

/**
 * The clock the pages read "today" from: the user's local date, unless a test
 * (or a story) provides another. Statuses, paces and deadlines depend on it.
 */
export const TodayContext = createContext<() => string>(() => localTodayIso());

export function useToday(): string {
  return useContext(TodayContext)();
}
