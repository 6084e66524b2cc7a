export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A scheduled function's clock: the wall clock, or in the emulator the later of it and the schedule time the
 * run was fired for, so the local stack can run a sweep "two minutes from now" (scripts/stack/schedule-control.ts)
 * instead of a test waiting. Cloud Scheduler's schedule time is never ahead of the wall clock.
 */
export function sweepClock(
  scheduleTime: string,
  emulated: boolean,
  wall: () => number = Date.now,
): Clock {
  const at = Date.parse(scheduleTime);
  if (!emulated || Number.isNaN(at)) return { now: () => new Date(wall()) };
  return { now: () => new Date(Math.max(wall(), at)) };
}
