/** Injected wherever time matters (code lifetimes, lockouts, idle transactions) so tests move time instead of sleeping. */
import type { Clock } from '@cpe/shared/clock';

export { systemClock, type Clock } from '@cpe/shared/clock';

/** A clock tests can move: starts at `start`, moves only when told. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-01-01T00:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
}
