import { ManualClock } from '../clock';
import { isLocked, lockDurationMs, noLockout, recordFailure, type LockoutState } from './lockout';

function failTimes(times: number, clock: ManualClock, state: LockoutState = noLockout()) {
  let current = state;
  for (let i = 0; i < times; i += 1) current = recordFailure(current, clock.now().getTime());
  return current;
}

describe('sign-in lockout', () => {
  it('allows four failures without a lock', () => {
    const clock = new ManualClock();

    const state = failTimes(4, clock);

    expect(isLocked(state, clock.now().getTime())).toBe(false);
  });

  it('locks for 2^(n-5) seconds from the fifth failure', () => {
    expect([5, 6, 7, 8, 9].map(lockDurationMs)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('caps the lock at 15 minutes', () => {
    expect(lockDurationMs(14)).toBe(512_000);
    expect(lockDurationMs(15)).toBe(900_000);
    expect(lockDurationMs(40)).toBe(900_000);
  });

  it('unlocks once the lock has run out', () => {
    const clock = new ManualClock();
    const state = failTimes(6, clock);

    clock.advance(1999);
    const stillLocked = isLocked(state, clock.now().getTime());
    clock.advance(1);

    expect(stillLocked).toBe(true);
    expect(isLocked(state, clock.now().getTime())).toBe(false);
  });

  it('forgets the failures after 15 idle minutes', () => {
    const clock = new ManualClock();
    const state = failTimes(6, clock);

    clock.advance(15 * 60_000);
    const after = recordFailure(state, clock.now().getTime());

    expect(after.failures).toBe(1);
    expect(isLocked(after, clock.now().getTime())).toBe(false);
  });
});
