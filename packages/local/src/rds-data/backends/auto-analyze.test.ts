import { AUTO_ANALYZE_NAPTIME_MS, AUTO_ANALYZE_STATEMENTS, autoAnalyze } from './auto-analyze';

describe('autoAnalyze', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A run that stays open until the test settles it. */
  function controlledRun() {
    const settles: Array<(failed: boolean) => void> = [];
    const run = jest.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          settles.push((failed) => (failed ? reject(new Error('check failed')) : resolve()));
        }),
    );
    const settle = async (failed = false) => {
      settles.shift()?.(failed);
      // Let the run's .finally() go before timers are advanced.
      await Promise.resolve();
      await Promise.resolve();
      await Promise.resolve();
    };
    return { run, settle };
  }

  it('never wakes an idle database', () => {
    const { run } = controlledRun();
    autoAnalyze(run);
    jest.advanceTimersByTime(10 * AUTO_ANALYZE_NAPTIME_MS);
    expect(run).not.toHaveBeenCalled();
  });

  it('checks once, a naptime after a burst of statements', () => {
    const { run } = controlledRun();
    const statistics = autoAnalyze(run);
    for (let i = 0; i < 20; i += 1) statistics.note();
    jest.advanceTimersByTime(AUTO_ANALYZE_NAPTIME_MS - 1);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(AUTO_ANALYZE_STATEMENTS);
  });

  it('checks again for statements run while a check waited, once it is done', async () => {
    const { run, settle } = controlledRun();
    const statistics = autoAnalyze(run);
    statistics.note();
    jest.advanceTimersByTime(AUTO_ANALYZE_NAPTIME_MS);
    statistics.note();
    jest.advanceTimersByTime(5 * AUTO_ANALYZE_NAPTIME_MS);
    expect(run).toHaveBeenCalledTimes(1);

    await settle();
    jest.advanceTimersByTime(AUTO_ANALYZE_NAPTIME_MS);
    expect(run).toHaveBeenCalledTimes(2);
    await settle();
    jest.advanceTimersByTime(5 * AUTO_ANALYZE_NAPTIME_MS);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('goes on after a failed check', async () => {
    const { run, settle } = controlledRun();
    const statistics = autoAnalyze(run);
    statistics.note();
    jest.advanceTimersByTime(AUTO_ANALYZE_NAPTIME_MS);
    await settle(true);
    expect(statistics.state()).toEqual({ checks: 1, lastError: 'check failed' });
    statistics.note();
    jest.advanceTimersByTime(AUTO_ANALYZE_NAPTIME_MS);
    expect(run).toHaveBeenCalledTimes(2);
    await settle();
    expect(statistics.state()).toEqual({ checks: 2, lastError: undefined });
  });

  it('checks no more once stopped', async () => {
    const { run, settle } = controlledRun();
    const statistics = autoAnalyze(run);
    statistics.note();
    statistics.stop();
    jest.advanceTimersByTime(5 * AUTO_ANALYZE_NAPTIME_MS);
    expect(run).not.toHaveBeenCalled();

    const running = autoAnalyze(run);
    running.note();
    jest.advanceTimersByTime(AUTO_ANALYZE_NAPTIME_MS);
    running.note();
    running.stop();
    await settle();
    jest.advanceTimersByTime(5 * AUTO_ANALYZE_NAPTIME_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
