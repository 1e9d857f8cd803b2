import { type Schedule, describeSchedule, lastFiring, otherFunctions } from '@cpe/api/functions';
import { ManualClock } from '../clock';
import { createScheduler } from './index';

const dailyAt8: Schedule = { minute: 0, hour: 8 };
const at8 = (at: Date) => lastFiring(dailyAt8, at);

describe('schedule slots', () => {
  it('daily: today at the hour once it has come, else yesterday', () => {
    expect(at8(new Date('2026-05-02T08:00:00Z')).toISOString()).toBe('2026-05-02T08:00:00.000Z');
    expect(at8(new Date('2026-05-02T07:59:59Z')).toISOString()).toBe('2026-05-01T08:00:00.000Z');
    expect(at8(new Date('2026-05-01T00:00:00Z')).toISOString()).toBe('2026-04-30T08:00:00.000Z');
  });

  it('hourly: this hour at the minute once it has come, else the hour before', () => {
    const at30 = (at: string) => lastFiring({ minute: 30 }, new Date(at)).toISOString();
    expect(lastFiring({ minute: 0 }, new Date('2026-05-02T07:59:59Z')).toISOString()).toBe(
      '2026-05-02T07:00:00.000Z',
    );
    expect(at30('2026-05-02T07:29:59Z')).toBe('2026-05-02T06:30:00.000Z');
    expect(at30('2026-05-02T00:10:00Z')).toBe('2026-05-01T23:30:00.000Z');
  });

  it('reads the jobs of the function table, as the stack schedules them', () => {
    expect(describeSchedule(otherFunctions.reminderDigest.schedule)).toBe('daily at 08:00 UTC');
    expect(describeSchedule(otherFunctions.contactDigest.schedule)).toBe('hourly at :00');
  });
});

describe('scheduler', () => {
  it('runs a job once per slot, as of the slot, and not for the slot already past at start', async () => {
    // Arrange
    const clock = new ManualClock('2026-05-02T09:00:00Z');
    const runs: (string | undefined)[] = [];
    const scheduler = createScheduler({
      clock,
      tickMs: 0,
      log: () => undefined,
      jobs: { daily: { slotAt: at8, run: (e) => Promise.resolve(runs.push(e.now)) } },
    });
    // Act
    await scheduler.tick();
    clock.set('2026-05-03T07:59:00Z');
    await scheduler.tick();
    clock.set('2026-05-03T08:00:10Z');
    await scheduler.tick();
    await scheduler.tick();
    // Assert
    expect(runs).toEqual(['2026-05-03T08:00:00.000Z']);
    await scheduler.stop();
  });
});
