import { z } from 'zod';
import { realTimers, type Timers } from './timers';

// The Functions emulator of firebase-tools 13 loads onSchedule functions but never fires them (it would
// need the Pub/Sub emulator, a download). The local stack drives them instead: it reads each scheduled
// function and its schedule from the emulator (the bundle's own trigger metadata, so the list cannot
// drift from functions/src/index.ts) and posts to the emulator's trigger route at the schedule's interval.

/** A scheduled function as the Functions emulator loaded it. */
export interface ScheduledFunction {
  /** The emulator's id: `<region>-<name>`. */
  id: string;
  name: string;
  region: string;
  /** As written in onSchedule: App Engine syntax ("every 5 minutes") or unix cron. */
  schedule: string;
  everyMs: number;
}

export interface ScheduleRun {
  name: string;
  ok: boolean;
  /** The emulator's HTTP status (0 when it could not be reached). */
  status: number;
  startedAt: Date;
  ms: number;
  detail?: string;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEKDAYS = '(?:mon|tues|wednes|thurs|fri|satur|sun)day';

const unitMs: Record<string, number> = {
  min: MINUTE,
  mins: MINUTE,
  minute: MINUTE,
  minutes: MINUTE,
  hour: HOUR,
  hours: HOUR,
  hr: HOUR,
  hrs: HOUR,
};

/** How often a schedule fires, for the schedules Cloud Scheduler accepts that repeat at a fixed interval. */
export function scheduleIntervalMs(schedule: string): number {
  const s = schedule.trim().toLowerCase().replace(/\s+/g, ' ');
  const every = /^every (\d+) ([a-z]+)$/.exec(s);
  if (every && unitMs[every[2]!] && Number(every[1]) > 0)
    return Number(every[1]) * unitMs[every[2]!]!;
  if (/^every day \d{1,2}:\d{2}$/.test(s)) return DAY;
  if (new RegExp(`^every ${WEEKDAYS} \\d{1,2}:\\d{2}$`).test(s)) return 7 * DAY;

  const cron = s.split(' ');
  if (cron.length === 5) {
    const [minute, hour, dayOfMonth, month, dayOfWeek] = cron as [
      string,
      string,
      string,
      string,
      string,
    ];
    const step = (field: string) =>
      field === '*' ? 1 : /^\*\/\d+$/.test(field) ? Number(field.slice(2)) : undefined;
    const fixed = (field: string) => /^\d+$/.test(field);
    if (dayOfMonth === '*' && month === '*') {
      if (dayOfWeek === '*' && hour === '*' && step(minute)) return step(minute)! * MINUTE;
      if (dayOfWeek === '*' && fixed(minute) && step(hour)) return step(hour)! * HOUR;
      if (fixed(minute) && fixed(hour)) {
        if (dayOfWeek === '*') return DAY;
        if (fixed(dayOfWeek)) return 7 * DAY;
      }
    }
  }
  throw new Error(
    `The local stack cannot drive the schedule "${schedule}": use "every N minutes|hours", "every day HH:MM" or a cron line that repeats at a fixed interval (scripts/stack/schedules.ts).`,
  );
}

/**
 * Where a schedule's runs fall on the wall clock: a unix-cron line that fires every N minutes (N dividing an
 * hour, hour field '*') fires at the minutes that are multiples of N, second 0, as Cloud Scheduler runs it,
 * so its runs fall on multiples of N minutes since the epoch. Other schedules (App Engine's "every N
 * minutes", which counts from the previous run, and daily or weekly lines) return undefined: the driver
 * runs them every interval from its start.
 */
export function scheduleAlignmentMs(schedule: string): number | undefined {
  const cron = schedule.trim().split(/\s+/);
  if (cron.length !== 5) return undefined;
  const [minute, hour, dayOfMonth, month, dayOfWeek] = cron as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (hour !== '*' || dayOfMonth !== '*' || month !== '*' || dayOfWeek !== '*') return undefined;
  const step = minute === '*' ? 1 : /^\*\/\d+$/.test(minute) ? Number(minute.slice(2)) : undefined;
  return step && step > 0 && 60 % step === 0 ? step * MINUTE : undefined;
}

const backendsSchema = z.object({
  backends: z.array(
    z.object({
      functionTriggers: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          region: z.string(),
          schedule: z.object({ schedule: z.string() }).nullish(),
        }),
      ),
    }),
  ),
});

/** The scheduled functions the running Functions emulator has loaded (its `/backends` listing). */
export async function discoverScheduledFunctions(
  functionsOrigin: string,
  fetchFn: typeof fetch,
): Promise<ScheduledFunction[]> {
  const res = await fetchFn(`${functionsOrigin}/backends`);
  if (!res.ok) throw new Error(`The Functions emulator did not list its functions (${res.status})`);
  const { backends } = backendsSchema.parse(await res.json());
  return backends
    .flatMap((b) => b.functionTriggers)
    .flatMap((t) =>
      t.schedule
        ? [
            {
              id: t.id,
              name: t.name,
              region: t.region,
              schedule: t.schedule.schedule,
              everyMs: scheduleIntervalMs(t.schedule.schedule),
            },
          ]
        : [],
    );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Invokes scheduled functions through the emulator's background-trigger route, with the headers Cloud
 * Scheduler sends. The emulator keys an event-triggered function `<id>-<generation>` and bumps the
 * generation when triggers are reloaded; a 404 answer lists the current keys, so the key is read from it.
 */
export function createEmulatorInvoker(opts: {
  functionsOrigin: string;
  projectId: string;
  fetch: typeof fetch;
  now?: () => Date;
}) {
  const keys = new Map<string, string>();
  const now = opts.now ?? (() => new Date());

  async function post(fn: ScheduledFunction, key: string, scheduleTime: Date): Promise<Response> {
    return opts.fetch(
      `${opts.functionsOrigin}/functions/projects/${opts.projectId}/triggers/${key}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-cloudscheduler-jobname': `firebase-schedule-${fn.name}-${fn.region}`,
          'x-cloudscheduler-scheduletime': scheduleTime.toISOString(),
        },
        body: '{}',
      },
    );
  }

  /** `at`: the schedule time the run is for (Cloud Scheduler's header); now unless a test moves it. */
  return async function invoke(fn: ScheduledFunction, at?: Date): Promise<ScheduleRun> {
    const startedAt = now();
    const scheduleTime = at ?? startedAt;
    const done = (status: number, detail?: string): ScheduleRun => ({
      name: fn.name,
      ok: status === 200,
      status,
      startedAt,
      ms: now().getTime() - startedAt.getTime(),
      ...(detail ? { detail } : {}),
    });
    try {
      let res = await post(fn, keys.get(fn.id) ?? `${fn.id}-0`, scheduleTime);
      if (res.status === 404) {
        const listed =
          /valid functions are: (.*)$/s
            .exec(await res.text())?.[1]
            ?.split(',')
            .map((k) => k.trim()) ?? [];
        const key = listed.find((k) => new RegExp(`^${escapeRegExp(fn.id)}-\\d+$`).test(k));
        if (!key) return done(404, 'the Functions emulator has not loaded this function');
        keys.set(fn.id, key);
        res = await post(fn, key, scheduleTime);
      }
      if (res.status === 204) return done(204, 'background triggers are disabled in the emulator');
      await res.body?.cancel();
      return done(
        res.status,
        res.status === 200 ? undefined : 'the function failed (see the emulator log)',
      );
    } catch (error) {
      return done(0, error instanceof Error ? error.message : String(error));
    }
  };
}

export interface ScheduleDriver {
  functions: ScheduledFunction[];
  /** Set when every function runs at this tick instead of its schedule. */
  tickMs?: number;
  /**
   * Runs the named function (or every one) now, after any run in progress, and resolves with the runs.
   * `at` is sent as the schedule time, so a sweep can be run for a later moment (functions that honour it).
   */
  runNow: (name?: string, at?: Date) => Promise<ScheduleRun[]>;
  stop: () => void;
}

/**
 * Runs each scheduled function every `everyMs` (or every `tickMs` when given); a cron line that fires every
 * N minutes runs on the wall clock's multiples of N minutes, as in production (`scheduleAlignmentMs`), so a
 * post due at a whole minute meets the sweep of that minute. A tick that comes while the function's
 * previous run is still going is skipped, as Cloud Scheduler does not overlap runs of a job.
 */
export function startScheduleDriver(deps: {
  functions: ScheduledFunction[];
  invoke: (fn: ScheduledFunction, at?: Date) => Promise<ScheduleRun>;
  tickMs?: number;
  timers?: Timers;
  onRun?: (run: ScheduleRun) => void;
}): ScheduleDriver {
  const timers = deps.timers ?? realTimers;
  const now = timers.now ?? Date.now;
  let stopped = false;

  const drivers = deps.functions.map((fn) => {
    let queue: Promise<unknown> = Promise.resolve();
    let pending = 0;
    let handle: unknown;
    const run = (at?: Date): Promise<ScheduleRun> => {
      pending += 1;
      const result = queue.then(async () => {
        try {
          const r = await deps.invoke(fn, at);
          if (!stopped) deps.onRun?.(r);
          return r;
        } finally {
          pending -= 1;
        }
      });
      queue = result.catch(() => undefined);
      return result;
    };
    const alignMs = deps.tickMs === undefined ? scheduleAlignmentMs(fn.schedule) : undefined;
    // The wait to the next run: the next multiple of alignMs on the wall clock at least a second away (a timer
    // that fired a little early has run that boundary's run), or one interval.
    const nextDelay = () =>
      alignMs ? alignMs - ((now() + SECOND) % alignMs) + SECOND : (deps.tickMs ?? fn.everyMs);
    const arm = () => {
      handle = timers.setTimeout(() => {
        if (stopped) return;
        if (pending === 0) void run();
        arm();
      }, nextDelay());
    };
    arm();
    return { fn, run, stop: () => timers.clearTimeout(handle) };
  });

  return {
    functions: deps.functions,
    tickMs: deps.tickMs,
    runNow: async (name, at) => {
      const chosen = drivers.filter((d) => name === undefined || d.fn.name === name);
      if (name !== undefined && chosen.length === 0)
        throw new Error(`No scheduled function named ${name}`);
      return Promise.all(chosen.map((d) => d.run(at)));
    },
    stop: () => {
      stopped = true;
      for (const d of drivers) d.stop();
    },
  };
}

/** MUSE_SCHEDULE_TICK_MS: when set, every scheduled function runs this often instead of at its schedule. */
export function scheduleTickFromEnv(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 100)
    throw new Error(
      `MUSE_SCHEDULE_TICK_MS must be a whole number of milliseconds, at least 100 (got "${raw}")`,
    );
  return ms;
}

/** "every 1 minutes" for the console: the schedule as written, and the tick when one replaces it. */
export function describeSchedule(fn: ScheduledFunction, tickMs?: number): string {
  return tickMs === undefined
    ? `${fn.name} (${fn.schedule})`
    : `${fn.name} (every ${tickMs} ms; MUSE_SCHEDULE_TICK_MS)`;
}
