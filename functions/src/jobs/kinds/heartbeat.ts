import type { ExecutionContext } from '../executor';
import { renewEvery } from '../lease';

/**
 * Runs one long provider call (no polling to hang a heartbeat on) while reporting progress every
 * `everyMs`: the lease stays alive, and a job cancelled meanwhile aborts the call at the next beat
 * (report throws JobInterrupted, which then reaches the runner).
 */
export async function withHeartbeat<T>(
  ctx: Pick<ExecutionContext<unknown>, 'report'>,
  options: { everyMs: number; progress: (elapsedMs: number) => number; statusText: string },
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const started = Date.now();
  let interrupted: unknown;
  const stop = renewEvery(options.everyMs, async () => {
    if (interrupted) return;
    try {
      await ctx.report({
        progress: options.progress(Date.now() - started),
        statusText: options.statusText,
      });
    } catch (error) {
      interrupted = error;
      controller.abort(error);
    }
  });
  try {
    const result = await call(controller.signal);
    if (interrupted) throw interrupted;
    return result;
  } catch (error) {
    throw interrupted ?? error;
  } finally {
    stop();
  }
}
