import { z } from 'zod';

// The Functions emulator starts a worker process per function on its first call (loading the whole
// bundle), which costs seconds on a busy machine; a test that happens to make that call waits for it, and
// a short wait of its own can run out. The test stack calls each HTTP and callable function once while it
// starts, so the suites meet warm workers. Unauthenticated calls with no data: every callable refuses
// them before doing anything, and the emulator keeps the idle worker for the next call. The job runner
// (a Firestore trigger) is started by a finished job of a user of its own, which it leaves alone.

/** The job the runner is warmed with: finished, so the run skips it without a write (functions/src/jobs/job-state.ts). */
export const WARM_UP_JOB_PATH = 'users/stack-warm-up/jobs/warm-up';

const triggersSchema = z.object({
  backends: z.array(
    z.object({
      functionTriggers: z.array(
        z.object({
          name: z.string(),
          region: z.string(),
          eventTrigger: z.unknown().optional(),
          schedule: z.unknown().optional(),
          blockingTrigger: z.unknown().optional(),
        }),
      ),
    }),
  ),
});

/** A call the emulator never answers (a worker that failed to boot) must not hold the stack's start. */
const WARM_CALL_TIMEOUT_MS = 200_000;

export interface WarmResult {
  name: string;
  status: number | 'error';
}

/** The names of the HTTP and callable functions the running emulator has loaded (its `/backends` listing). */
export async function callableFunctions(
  functionsOrigin: string,
  fetchFn: typeof fetch,
): Promise<{ name: string; region: string }[]> {
  const res = await fetchFn(`${functionsOrigin}/backends`);
  if (!res.ok) throw new Error(`The Functions emulator did not list its functions (${res.status})`);
  const { backends } = triggersSchema.parse(await res.json());
  return backends
    .flatMap((b) => b.functionTriggers)
    .flatMap((t) =>
      t.eventTrigger || t.schedule || t.blockingTrigger ? [] : [{ name: t.name, region: t.region }],
    );
}

/** Creates WARM_UP_JOB_PATH through the Firestore emulator's REST API as an admin (rules bypassed). */
export async function warmJobRunner(opts: {
  firestoreOrigin: string;
  projectId: string;
  fetch: typeof fetch;
}): Promise<WarmResult> {
  const [parent, id] = [
    WARM_UP_JOB_PATH.slice(0, WARM_UP_JOB_PATH.lastIndexOf('/')),
    WARM_UP_JOB_PATH.slice(WARM_UP_JOB_PATH.lastIndexOf('/') + 1),
  ];
  try {
    const res = await opts.fetch(
      `${opts.firestoreOrigin}/v1/projects/${opts.projectId}/databases/(default)/documents/${parent}?documentId=${id}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify({ fields: { status: { stringValue: 'succeeded' } } }),
      },
    );
    await res.arrayBuffer();
    return { name: 'runJob', status: res.status };
  } catch {
    return { name: 'runJob', status: 'error' };
  }
}

/**
 * Calls each HTTP and callable function once, `concurrency` at a time (each first call starts a process),
 * and resolves when all answered; a failed call is reported, not thrown: the function then starts cold.
 */
export async function warmFunctions(opts: {
  functionsOrigin: string;
  projectId: string;
  fetch: typeof fetch;
  concurrency?: number;
  timeoutMs?: number;
}): Promise<WarmResult[]> {
  const queue = await callableFunctions(opts.functionsOrigin, opts.fetch);
  const results: WarmResult[] = [];
  const lane = async () => {
    for (let fn = queue.shift(); fn; fn = queue.shift()) {
      const { name, region } = fn;
      try {
        const res = await opts.fetch(
          `${opts.functionsOrigin}/${opts.projectId}/${region}/${name}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"data":{}}',
            signal: AbortSignal.timeout(opts.timeoutMs ?? WARM_CALL_TIMEOUT_MS),
          },
        );
        await res.arrayBuffer();
        results.push({ name, status: res.status });
      } catch {
        results.push({ name, status: 'error' });
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 2 }, lane));
  return results;
}
