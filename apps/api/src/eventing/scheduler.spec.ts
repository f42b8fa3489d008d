import { Logger } from '@nestjs/common';
import { loadConfig } from '@tabour/platform';
import { Scheduler } from './scheduler';

const quiet = () => {
  const log = new Logger('test');
  jest.spyOn(log, 'debug').mockImplementation(() => undefined);
  jest.spyOn(log, 'error').mockImplementation(() => undefined);
  return log;
};

describe('Scheduler', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts each enabled job at its own period and leaves a switched-off one alone', async () => {
    const s = new Scheduler(loadConfig({ NODE_ENV: 'test', DAY_END_POLL_MS: '100', HISTORY_JOB_POLL_MS: '250', REMINDER_JOB: 'off' }));
    const runs = { dayEnd: 0, history: 0, reminders: 0 };
    s.every('dayEnd', 'day end', quiet(), async () => runs.dayEnd++);
    s.every('history', 'history', quiet(), async () => runs.history++);
    s.every('reminders', 'reminders', quiet(), async () => runs.reminders++);
    s.onApplicationBootstrap();
    expect(runs).toEqual({ dayEnd: 0, history: 0, reminders: 0 });
    await jest.advanceTimersByTimeAsync(1000);
    expect(runs).toEqual({ dayEnd: 10, history: 4, reminders: 0 });
    await s.onModuleDestroy();
    await jest.advanceTimersByTimeAsync(1000);
    expect(runs.dayEnd).toBe(10);
  });

  it('starts nothing where the application runs without its background work', async () => {
    const s = new Scheduler(loadConfig({ NODE_ENV: 'test', EVENTING_AUTOSTART: 'off', DAY_END_POLL_MS: '100' }));
    let runs = 0;
    s.every('dayEnd', 'day end', quiet(), async () => runs++);
    s.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(0);
  });

  it('never runs a job twice at once, logs a failed run and goes on, and waits for the run under way when it stops', async () => {
    const s = new Scheduler(loadConfig({ NODE_ENV: 'test', DAY_END_POLL_MS: '100' }));
    const log = quiet();
    let started = 0;
    let finished = 0;
    s.every('dayEnd', 'day end', log, async () => {
      started++;
      if (started === 1) throw new Error('database away');
      await new Promise((r) => setTimeout(r, 350));
      finished++;
    });
    s.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(100);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: 'day end', outcome: 'failed' }));
    // The second run lasts 350 ms: the ticks meanwhile are dropped.
    await jest.advanceTimersByTimeAsync(300);
    expect(started).toBe(2);
    const stopped = s.onModuleDestroy();
    let done = false;
    void stopped.then(() => (done = true));
    await jest.advanceTimersByTimeAsync(10);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(200);
    await stopped;
    expect(finished).toBe(1);
    expect(started).toBe(2);
  });
});
