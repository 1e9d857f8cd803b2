import { ManualClock } from './clock';

describe('ManualClock', () => {
  it('moves only when told', () => {
    const clock = new ManualClock('2026-01-01T00:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    clock.advance(1500);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:01.500Z');
  });
});
