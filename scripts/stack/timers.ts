/** The timer calls the stack's background loops use, so tests can fire them by hand. */
export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** The wall clock in ms (Date.now when absent), for loops that fire at wall-clock boundaries. */
  now?: () => number;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};
