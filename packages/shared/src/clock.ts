/**
 * Time, injected wherever it matters (code lifetimes, lockouts, renewal dates,
 * reminders) so tests move time instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
