import type { ExecutionContext } from '../executor';

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
  let beating = false;
  const timer = setInterval(() => {
    if (beating || interrupted) return;
    beating = true;
    ctx
      .report({ progress: options.progress(Date.now() - started), statusText: options.statusText })
      .catch((error: unknown) => {
        interrupted = error;
        controller.abort(error);
      })
      .finally(() => {
        beating = false;
      });
  }, options.everyMs);
  try {
    const result = await call(controller.signal);
    if (interrupted) throw interrupted;
    return result;
  } catch (error) {
    throw interrupted ?? error;
  } finally {
    clearInterval(timer);
  }
}
