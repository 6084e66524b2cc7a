import { describe, expect, it } from 'vitest';
import * as functionsIndex from '../../../functions/src/index';
import {
  createEmulatorInvoker,
  scheduleAlignmentMs,
  scheduleIntervalMs,
  scheduleTickFromEnv,
  startScheduleDriver,
  type ScheduledFunction,
  type ScheduleRun,
} from '../../../scripts/stack/schedules';
import type { Timers } from '../../../scripts/stack/timers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('reading a schedule as an interval', () => {
  it.each([
    ['every 1 minutes', MINUTE],
    ['every 5 minutes', 5 * MINUTE],
    ['every 1 minute', MINUTE],
    ['every 10 mins', 10 * MINUTE],
    ['every 2 hours', 2 * HOUR],
    ['every 24 hours', 24 * HOUR],
    ['every day 00:00', 24 * HOUR],
    ['every monday 09:00', 7 * 24 * HOUR],
    ['* * * * *', MINUTE],
    ['*/15 * * * *', 15 * MINUTE],
    ['0 * * * *', HOUR],
    ['30 */6 * * *', 6 * HOUR],
    ['5 11 * * *', 24 * HOUR],
    ['0 9 * * 1', 7 * 24 * HOUR],
  ])('"%s" runs every %i ms', (schedule, ms) => {
    expect(scheduleIntervalMs(schedule)).toBe(ms);
  });

  it.each(['every 0 minutes', 'every 5 fortnights', '0 9 1 * *', '*/5 9-17 * * *', 'whenever'])(
    'refuses "%s", which has no fixed interval it understands',
    (schedule) => {
      expect(() => scheduleIntervalMs(schedule)).toThrow(/cannot drive the schedule/);
    },
  );

  it('understands the schedule of every scheduled function the functions export', () => {
    const schedules = Object.values(functionsIndex)
      .map(
        (fn) =>
          (fn as { __endpoint?: { scheduleTrigger?: { schedule?: string } } }).__endpoint
            ?.scheduleTrigger?.schedule,
      )
      .filter((s): s is string => typeof s === 'string');
    expect(schedules.length).toBeGreaterThan(0);
    for (const schedule of schedules) expect(scheduleIntervalMs(schedule)).toBeGreaterThan(0);
  });

  it('runs the post sweep at each whole minute, where posts are planned', () => {
    const endpoint = (
      functionsIndex.publishDuePosts as unknown as {
        __endpoint: { scheduleTrigger: { schedule: string } };
      }
    ).__endpoint;
    expect(scheduleAlignmentMs(endpoint.scheduleTrigger.schedule)).toBe(MINUTE);
  });
});

describe('the schedule tick from the environment', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['250', 250],
  ])('reads %j as %j', (raw, ms) => {
    expect(scheduleTickFromEnv(raw)).toBe(ms);
  });

  it.each(['abc', '12.5', '50'])('refuses %j', (raw) => {
    expect(() => scheduleTickFromEnv(raw)).toThrow(/MUSE_SCHEDULE_TICK_MS/);
  });
});

/** Timers the test advances by hand: `advance(ms)` fires what is due, in order. */
function manualTimers(start = 0) {
  let now = start;
  let seq = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      seq += 1;
      due.set(seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
    now: () => now,
  };
  async function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      // Let settled runs finish first, as they would between real timer callbacks.
      await new Promise((r) => setImmediate(r));
      const next = [...due.entries()]
        .filter(([, t]) => t.at <= until)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      due.delete(next[0]);
      now = next[1].at;
      next[1].fn();
    }
    now = until;
    await new Promise((r) => setImmediate(r));
  }
  return { timers, advance, pending: () => due.size, now: () => now };
}

const sweep: ScheduledFunction = {
  id: 'us-central1-sweep',
  name: 'sweep',
  region: 'us-central1',
  schedule: 'every 1 minutes',
  everyMs: MINUTE,
};
const digest: ScheduledFunction = {
  id: 'us-central1-digest',
  name: 'digest',
  region: 'us-central1',
  schedule: 'every 5 minutes',
  everyMs: 5 * MINUTE,
};

function recordingInvoke(now?: () => number) {
  const calls: string[] = [];
  const at: number[] = [];
  const invoke = async (fn: ScheduledFunction): Promise<ScheduleRun> => {
    calls.push(fn.name);
    if (now) at.push(now());
    return { name: fn.name, ok: true, status: 200, startedAt: new Date(0), ms: 0 };
  };
  return { calls, at, invoke };
}

describe('the schedule driver', () => {
  it('runs each function at its own interval', async () => {
    const clock = manualTimers();
    const { calls, invoke } = recordingInvoke();
    const driver = startScheduleDriver({
      functions: [sweep, digest],
      invoke,
      timers: clock.timers,
    });
    await clock.advance(MINUTE - 1);
    expect(calls).toEqual([]);
    await clock.advance(1);
    expect(calls).toEqual(['sweep']);
    await clock.advance(4 * MINUTE);
    expect(calls.filter((c) => c === 'sweep')).toHaveLength(5);
    expect(calls.filter((c) => c === 'digest')).toHaveLength(1);
    driver.stop();
  });

  it('runs a cron line that fires every N minutes at the wall clock multiples of N, as Cloud Scheduler does', async () => {
    // Started 17.5 s into a minute: App Engine's "every 1 minutes" counts from the start, the cron line
    // fires at each whole minute (the first one at least a second away).
    const clock = manualTimers(10 * MINUTE + 17_500);
    const { calls, at, invoke } = recordingInvoke(clock.now);
    const cron: ScheduledFunction = {
      ...sweep,
      id: 'us-central1-cron',
      name: 'cron',
      schedule: '* * * * *',
    };
    const quarter: ScheduledFunction = {
      ...sweep,
      id: 'us-central1-quarter',
      name: 'quarter',
      schedule: '*/15 * * * *',
      everyMs: 15 * MINUTE,
    };
    const driver = startScheduleDriver({
      functions: [cron, quarter],
      invoke,
      timers: clock.timers,
    });
    await clock.advance(31 * MINUTE);
    const runsOf = (name: string) => at.filter((_, i) => calls[i] === name);
    expect(runsOf('cron')).toEqual(Array.from({ length: 31 }, (_, i) => (11 + i) * MINUTE));
    expect(runsOf('quarter')).toEqual([15 * MINUTE, 30 * MINUTE]);
    driver.stop();
  });

  it('keeps to the wall clock when a run fires a little early or late', async () => {
    const clock = manualTimers(MINUTE - 3);
    const { at, invoke } = recordingInvoke(clock.now);
    const cron: ScheduledFunction = {
      ...sweep,
      id: 'us-central1-cron',
      name: 'cron',
      schedule: '* * * * *',
    };
    const driver = startScheduleDriver({ functions: [cron], invoke, timers: clock.timers });
    // Started 3 ms before a minute: that minute is too close, the next one runs.
    await clock.advance(2 * MINUTE);
    expect(at).toEqual([2 * MINUTE]);
    driver.stop();
  });

  it('tells which schedules fall on wall clock boundaries', () => {
    expect(scheduleAlignmentMs('* * * * *')).toBe(MINUTE);
    expect(scheduleAlignmentMs('*/5 * * * *')).toBe(5 * MINUTE);
    expect(scheduleAlignmentMs('*/7 * * * *')).toBeUndefined();
    expect(scheduleAlignmentMs('every 1 minutes')).toBeUndefined();
    expect(scheduleAlignmentMs('0 9 * * *')).toBeUndefined();
  });

  it('runs every function at the tick instead when one is given', async () => {
    const clock = manualTimers();
    const { calls, invoke } = recordingInvoke();
    const driver = startScheduleDriver({
      functions: [sweep, digest],
      invoke,
      timers: clock.timers,
      tickMs: 1000,
    });
    await clock.advance(3000);
    expect(calls.filter((c) => c === 'sweep')).toHaveLength(3);
    expect(calls.filter((c) => c === 'digest')).toHaveLength(3);
    driver.stop();
  });

  it('skips a tick while the previous run of the same function is still going', async () => {
    const clock = manualTimers();
    let release!: () => void;
    let started = 0;
    const invoke = async (fn: ScheduledFunction): Promise<ScheduleRun> => {
      started += 1;
      await new Promise<void>((r) => (release = r));
      return { name: fn.name, ok: true, status: 200, startedAt: new Date(0), ms: 0 };
    };
    const driver = startScheduleDriver({ functions: [sweep], invoke, timers: clock.timers });
    await clock.advance(3 * MINUTE);
    expect(started).toBe(1);
    release();
    await clock.advance(MINUTE);
    expect(started).toBe(2);
    driver.stop();
  });

  it('runs a function now on request, after a run in progress, and resolves with the run', async () => {
    const clock = manualTimers();
    const order: string[] = [];
    let release!: () => void;
    let first = true;
    const invoke = async (fn: ScheduledFunction): Promise<ScheduleRun> => {
      if (first) {
        first = false;
        order.push('timed run starts');
        await new Promise<void>((r) => (release = r));
        order.push('timed run ends');
      } else order.push('requested run');
      return { name: fn.name, ok: true, status: 200, startedAt: new Date(0), ms: 0 };
    };
    const driver = startScheduleDriver({
      functions: [sweep, digest],
      invoke,
      timers: clock.timers,
    });
    await clock.advance(MINUTE);
    const runs = driver.runNow('sweep');
    release();
    expect((await runs).map((r) => r.name)).toEqual(['sweep']);
    expect(order).toEqual(['timed run starts', 'timed run ends', 'requested run']);
    driver.stop();
  });

  it('passes a requested schedule time on to the run', async () => {
    const seen: (Date | undefined)[] = [];
    const invoke = async (fn: ScheduledFunction, at?: Date): Promise<ScheduleRun> => {
      seen.push(at);
      return { name: fn.name, ok: true, status: 200, startedAt: new Date(0), ms: 0 };
    };
    const driver = startScheduleDriver({
      functions: [sweep],
      invoke,
      timers: manualTimers().timers,
    });
    await driver.runNow('sweep', new Date('2026-01-02T03:06:00Z'));
    await driver.runNow('sweep');
    expect(seen).toEqual([new Date('2026-01-02T03:06:00Z'), undefined]);
    driver.stop();
  });

  it('refuses to run a function it does not drive', async () => {
    const driver = startScheduleDriver({
      functions: [sweep],
      invoke: recordingInvoke().invoke,
      timers: manualTimers().timers,
    });
    await expect(driver.runNow('nope')).rejects.toThrow('No scheduled function named nope');
    driver.stop();
  });

  it('fires nothing more once stopped', async () => {
    const clock = manualTimers();
    const { calls, invoke } = recordingInvoke();
    startScheduleDriver({ functions: [sweep], invoke, timers: clock.timers }).stop();
    await clock.advance(10 * MINUTE);
    expect(calls).toEqual([]);
    expect(clock.pending()).toBe(0);
  });
});

describe('invoking a scheduled function in the emulator', () => {
  const origin = 'http://127.0.0.1:5001';
  const listing =
    'Function x does not exist, valid functions are: us-central1-startJob, us-central1-sweep-3, us-central1-runJob-3';

  function fakeEmulator(liveKey: string, answer = 200) {
    const requests: { url: string; headers: Headers }[] = [];
    const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      requests.push({ url, headers: new Headers(init?.headers) });
      if (!url.endsWith(`/triggers/${liveKey}`)) return new Response(listing, { status: 404 });
      return new Response(null, { status: answer });
    }) as typeof fetch;
    return { fetchFn, requests };
  }

  it('posts to the trigger route with the headers Cloud Scheduler sends', async () => {
    const emulator = fakeEmulator('us-central1-sweep-0');
    const invoke = createEmulatorInvoker({
      functionsOrigin: origin,
      projectId: 'demo-p',
      fetch: emulator.fetchFn,
      now: () => new Date('2026-01-02T03:04:05Z'),
    });
    const run = await invoke(sweep);
    expect(run).toMatchObject({ name: 'sweep', ok: true, status: 200 });
    expect(emulator.requests[0]!.url).toBe(
      `${origin}/functions/projects/demo-p/triggers/us-central1-sweep-0`,
    );
    expect(emulator.requests[0]!.headers.get('x-cloudscheduler-jobname')).toBe(
      'firebase-schedule-sweep-us-central1',
    );
    expect(emulator.requests[0]!.headers.get('x-cloudscheduler-scheduletime')).toBe(
      '2026-01-02T03:04:05.000Z',
    );
  });

  it('sends a requested schedule time instead of now', async () => {
    const emulator = fakeEmulator('us-central1-sweep-0');
    const invoke = createEmulatorInvoker({
      functionsOrigin: origin,
      projectId: 'demo-p',
      fetch: emulator.fetchFn,
      now: () => new Date('2026-01-02T03:04:05Z'),
    });
    await invoke(sweep, new Date('2026-01-02T03:07:00Z'));
    expect(emulator.requests[0]!.headers.get('x-cloudscheduler-scheduletime')).toBe(
      '2026-01-02T03:07:00.000Z',
    );
  });

  it('finds the key of reloaded triggers in the 404 listing and keeps using it', async () => {
    const emulator = fakeEmulator('us-central1-sweep-3');
    const invoke = createEmulatorInvoker({
      functionsOrigin: origin,
      projectId: 'demo-p',
      fetch: emulator.fetchFn,
    });
    expect((await invoke(sweep)).ok).toBe(true);
    expect((await invoke(sweep)).ok).toBe(true);
    expect(emulator.requests.map((r) => r.url.split('/').at(-1))).toEqual([
      'us-central1-sweep-0',
      'us-central1-sweep-3',
      'us-central1-sweep-3',
    ]);
  });

  it.each([
    [500, false, 'the function failed (see the emulator log)'],
    [204, false, 'background triggers are disabled in the emulator'],
  ])('reports an answer %i as ok=%s: %s', async (status, ok, detail) => {
    const invoke = createEmulatorInvoker({
      functionsOrigin: origin,
      projectId: 'demo-p',
      fetch: fakeEmulator('us-central1-sweep-0', status).fetchFn,
    });
    expect(await invoke(sweep)).toMatchObject({ ok, status, detail });
  });

  it('reports a function the emulator has not loaded', async () => {
    const invoke = createEmulatorInvoker({
      functionsOrigin: origin,
      projectId: 'demo-p',
      fetch: fakeEmulator('none').fetchFn,
    });
    expect(await invoke(digest)).toMatchObject({
      ok: false,
      status: 404,
      detail: 'the Functions emulator has not loaded this function',
    });
  });

  it('reports an emulator it cannot reach instead of throwing', async () => {
    const fetchFn = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const invoke = createEmulatorInvoker({
      functionsOrigin: origin,
      projectId: 'demo-p',
      fetch: fetchFn,
    });
    expect(await invoke(sweep)).toMatchObject({ ok: false, status: 0, detail: 'fetch failed' });
  });
});
