/**
 * What EventBridge Scheduler does in AWS: runs each scheduled job at its
 * time, as the runtime's clock tells it (a test's ManualClock moves it), and
 * `POST /_dev/schedules/{name}` runs one now, optionally as of another moment
 * (`{"now": "<ISO timestamp>"}`). A job still running is not started again
 * by its schedule; one run per slot, the slots missed while the runtime was
 * down are not caught up (the next slot runs, as a schedule without
 * flexible window would).
 */
import { dict } from '@cpe/shared/dict';
import type { Clock } from '../clock';
import type { HttpRequest, HttpResponse } from '../http/types';
import { json } from '../http/types';

export interface ScheduledJob {
  /** The latest slot at or before `at` (the function table's lastFiring for its schedule). */
  slotAt(at: Date): Date;
  run(event: { now?: string }): Promise<unknown>;
}

export interface Scheduler {
  /** Runs every job whose next slot has come (the timer calls it; tests may too). */
  tick(): Promise<void>;
  /** The /_dev/schedules/{name} endpoint. */
  handle(request: HttpRequest, name: string): Promise<HttpResponse>;
  names(): string[];
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  clock: Clock;
  jobs: Record<string, ScheduledJob>;
  /** How often the clock is looked at, in real milliseconds; 0: only tick() runs jobs. */
  tickMs: number;
  log: (line: string) => void;
}

function parseRunBody(body: Buffer): { now?: string } | string {
  const text = body.toString('utf8').trim();
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'the body must be JSON';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return 'the body must be a JSON object';
  }
  const fields = parsed as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((k) => k !== 'now');
  if (unknown.length > 0) return `unknown field ${unknown[0]}`;
  if (fields.now === undefined) return {};
  if (typeof fields.now !== 'string' || Number.isNaN(Date.parse(fields.now))) {
    return 'now must be an ISO timestamp';
  }
  return { now: new Date(fields.now).toISOString() };
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { clock, jobs, log } = options;
  const lastSlot = dict<number>();
  const running = dict<Promise<unknown>>();
  for (const [name, job] of Object.entries(jobs)) {
    // The slot already past at start counts as done: starting is not a schedule.
    lastSlot[name] = job.slotAt(clock.now()).getTime();
  }

  async function runJob(name: string, job: ScheduledJob, event: { now?: string }) {
    const started = job.run(event);
    running[name] = started;
    try {
      return await started;
    } finally {
      if (running[name] === started) delete running[name];
    }
  }

  async function tick() {
    const now = clock.now();
    const due: Promise<unknown>[] = [];
    for (const [name, job] of Object.entries(jobs)) {
      const slot = job.slotAt(now).getTime();
      if (slot <= (lastSlot[name] ?? 0) || running[name]) continue;
      lastSlot[name] = slot;
      due.push(
        runJob(name, job, { now: new Date(slot).toISOString() }).then(
          (result) => log(`[local] schedule ${name}: ${JSON.stringify(result)}`),
          (error: unknown) => log(`[local] schedule ${name} failed: ${String(error)}`),
        ),
      );
    }
    await Promise.all(due);
  }

  const timer =
    options.tickMs > 0
      ? setInterval(() => {
          void tick();
        }, options.tickMs)
      : undefined;
  timer?.unref();

  return {
    tick,
    names: () => Object.keys(jobs),
    async handle(request, name) {
      const job = Object.hasOwn(jobs, name) ? jobs[name] : undefined;
      if (!job) {
        return json(404, {
          message: `No schedule named ${name}; there are: ${Object.keys(jobs).join(', ')}`,
        });
      }
      if (request.method !== 'POST') {
        return json(405, { message: 'POST runs the job' }, { allow: 'POST' });
      }
      const event = parseRunBody(request.body);
      if (typeof event === 'string') return json(400, { message: `Invalid request: ${event}` });
      return json(200, await runJob(name, job, event), { 'cache-control': 'no-store' });
    },
    async stop() {
      if (timer) clearInterval(timer);
      await Promise.allSettled(Object.values(running));
    },
  };
}
