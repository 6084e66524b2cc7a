import type { CallableInput } from '@core/callables';
import type { JobKind, StartJobResult } from '@core/jobs';
import { call } from '../call';

export type JobInputOf<K extends JobKind> = Extract<
  CallableInput<'startJob'>,
  { kind: K }
>['input'];

/** startJob for one kind. The request id becomes the job id, so a doubled click starts one job. */
export function startGenerationJob<K extends JobKind>(
  kind: K,
  input: JobInputOf<K>,
  requestId: string = crypto.randomUUID(),
): Promise<StartJobResult> {
  return call('startJob', { requestId, kind, input } as CallableInput<'startJob'>);
}

export async function cancelGenerationJob(jobId: string): Promise<void> {
  await call('cancelJob', { jobId });
}
