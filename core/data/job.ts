import { z } from 'zod';
import { jobKinds, jobStatuses, type JobError } from '../jobs';
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
