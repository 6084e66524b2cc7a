import type { GlobalOptions } from 'firebase-functions/v2';
import { FUNCTIONS_REGION } from '@core/firebase/config';

// Memory, CPU and concurrency per workload, sized so that the largest input a function may hold whole fits
// at full concurrency: memory >= INSTANCE_BASELINE_MIB + concurrency x peakMiB. docs/architecture.md
// ("Sizing the functions") gives the arithmetic; `npm run deploy:check` checks every deployed function
// against this table through the `workload` label it carries.

/** One instance's own memory before any request: Node, the Admin SDK's clients and the provider SDKs loaded. */
export const INSTANCE_BASELINE_MIB = 256;

export interface Workload {
  memory: '512MiB' | '1GiB' | '2GiB' | '4GiB';
  cpu: number;
  concurrency: number;
  /** The most one request, event or run holds at once, in MiB, if every download is read whole. */
  peakMiB: number;
}

export const WORKLOADS = {
  // A callable holds its request body whole: at most 32 MiB (Cloud Run's request size limit), as bytes,
  // as text and decoded (3 x 32 MiB). Callables' own work (Firestore, a provider's short answer) is small.
  request: { memory: '1GiB', cpu: 1, concurrency: 8, peakMiB: 96 },
  // A job run (functions/src/jobs/run-job/trigger.ts) at its largest: a LinkedIn document post, 100 MiB of
  // images (core/document-posts.ts) + the PDF made of them (as large again) + pdf-lib's working copy of the
  // largest image; a transcription's 50 MiB input and its copy, or a 64 MiB video result and the upload's
  // copy, hold less.
  job: { memory: '2GiB', cpu: 1, concurrency: 5, peakMiB: 300 },
  // A schedule runs once a period, one run at a time; a run holds pages of small documents.
  schedule: { memory: '512MiB', cpu: 1, concurrency: 1, peakMiB: 256 },
} as const satisfies Record<string, Workload>;
export type WorkloadId = keyof typeof WORKLOADS;

/** The options every function of `workload` is deployed with; the region is core/firebase/config.ts's, the one place it is set. */
export function workloadOptions(workload: WorkloadId) {
  const { memory, cpu, concurrency } = WORKLOADS[workload];
  return {
    region: FUNCTIONS_REGION,
    memory,
    cpu,
    concurrency,
    labels: { workload },
  } satisfies GlobalOptions;
}
