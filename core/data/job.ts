import { z } from 'zod';
import { jobKinds, jobStatuses, type JobError, type JobKind, type JobStatus } from '../jobs';
import { count, docConverter, oneOf, optionalText, record, text, timestamp } from './fields';

/** users/{uid}/jobs/{jobId} as clients follow it (the full stored shape is JobDoc in core/jobs.ts). */
export const jobSchema = z.object({
  kind: oneOf(jobKinds, 'image'),
  status: oneOf(jobStatuses, 'queued'),
  progress: count(0),
  statusText: text(),
  error: z
    .object({ code: z.string().catch('internal'), message: text() })
    .nullable()
    .catch(null)
    .transform((e): JobError | null => e),
  generationId: optionalText(),
  /** What a job that makes no file returns (a transcription's words), or null. */
  result: z.record(z.string(), z.unknown()).nullable().catch(null).optional(),
  input: record(),
  createdAt: timestamp(),
});

export type Job = z.output<typeof jobSchema> & { id: string };

export const toJob = docConverter(jobSchema);

/**
 * users/{uid}/jobs/{jobId} as functions read it: jobSchema with the lease (functions/src/jobs/lease.ts) and the
 * provider's checkpoint a resumed run continues from. The kind and status stay as stored: a kind no handler
 * runs, or a status that is no step of the state machine, is refused by the runner, never read as another one.
 */
export const storedJobSchema = jobSchema.extend({
  kind: z
    .string()
    .catch('')
    .transform((k) => k as JobKind),
  status: z
    .string()
    .catch('queued')
    .transform((s) => s as JobStatus),
  /** Runs that claimed the job. */
  attempts: count(0),
  leaseExpiresAt: timestamp(),
  /** Which run holds the lease. */
  runId: optionalText(),
  providerJobId: optionalText(),
  providerPollingUrl: optionalText(),
  /** When the provider accepted the task. */
  submittedAt: timestamp(),
});

export type StoredJob = z.output<typeof storedJobSchema>;
