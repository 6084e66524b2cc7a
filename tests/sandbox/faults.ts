import { z } from 'zod';

/** A failure the sandbox plays back instead of the provider's normal answer. */
export const faultSchema = z
  .object({
    /** Matches requests whose path starts with this (e.g. "/v1/flux-pro-1.1"); omitted means every route. */
    path: z.string().startsWith('/').optional(),
    method: z.string().toUpperCase().optional(),
    /** Matches only requests whose Authorization header contains this (a test's own token), so tests sharing the sandbox keep their faults apart. */
    authorizationIncludes: z.string().min(1).optional(),
    /** How many matching requests fail before the route answers normally again. */
    times: z.number().int().positive().default(1),
    status: z.number().int().min(100).max(599).optional(),
    body: z.unknown().optional(),
    retryAfterSeconds: z.number().int().nonnegative().optional(),
    /** Extra response headers, e.g. X's x-rate-limit-reset on a 429. */
    headers: z.record(z.string(), z.string()).optional(),
    /** Delay before answering; a delay longer than the client's timeout simulates a hang. */
    delayMs: z.number().int().nonnegative().max(120_000).optional(),
    /** Answer 200 with a body that is not valid JSON. */
    malformed: z.boolean().optional(),
    /** Let the route act (the post is made), then answer 200 with a body that is not valid JSON: the answer was lost. */
    lostAnswer: z.boolean().optional(),
  })
  .strict();
export type Fault = z.output<typeof faultSchema>;
export type FaultInput = z.input<typeof faultSchema>;

export interface RequestRecord {
  method: string;
  path: string;
  at: number;
  /** The Authorization header, so a test sharing the sandbox counts only its own account's requests. */
  authorization?: string;
}

/** Faults queued per provider, consumed in order by matching requests. */
export class FaultBook {
  private faults: Fault[] = [];

  add(fault: FaultInput): void {
    this.faults.push(faultSchema.parse(fault));
  }

  clear(): void {
    this.faults = [];
  }

  pending(): readonly Fault[] {
    return this.faults;
  }

  /** The fault to play for this request, if any; each use counts down its `times`. */
  take(method: string, path: string, authorization = ''): Fault | undefined {
    const i = this.faults.findIndex(
      (f) =>
        (!f.method || f.method === method.toUpperCase()) &&
        (!f.path || path.startsWith(f.path)) &&
        (!f.authorizationIncludes || authorization.includes(f.authorizationIncludes)),
    );
    if (i < 0) return undefined;
    const fault = this.faults[i]!;
    if (fault.times <= 1) this.faults.splice(i, 1);
    else this.faults[i] = { ...fault, times: fault.times - 1 };
    return fault;
  }
}
