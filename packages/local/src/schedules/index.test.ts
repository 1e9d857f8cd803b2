import { ManualClock } from '../clock';
import { createScheduler, dailyAtUtc, hourlyAt } from './index';

describe('schedule slots', () => {
  it('daily: today at the hour once it has come, else yesterday', () => {
    const at8 = dailyAtUtc(8);
    expect(at8(new Date('2026-05-02T08:00:00Z')).toISOString()).toBe('2026-05-02T08:00:00.000Z');
    expect(at8(new Date('2026-05-02T07:59:59Z')).toISOString()).toBe('2026-05-01T08:00:00.000Z');
    expect(hourlyAt(0)(new Date('2026-05-02T07:59:59Z')).toISOString()).toBe(
      '2026-05-02T07:00:00.000Z',
    );
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
      jobs: { daily: { slotAt: dailyAtUtc(8), run: async (e) => runs.push(e.now) } },
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
