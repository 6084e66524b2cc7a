import type { JobErrorCode } from '@core/jobs';

// What an image job asks of a provider: submit one task, then wait for its result. The wait is a
// separate call so a re-run of the job can resume a task submitted by an earlier, crashed run.

interface Common {
  /** The text sent to the provider (the user's prompt with style and negative prompt folded in). */
  prompt: string;
  steps: number;
  promptUpsampling: boolean;
}

export type ImageOperation =
  | (Common & { kind: 'text'; width: number; height: number; guidance: number })
  | (Common & { kind: 'edit'; inputImage: Buffer })
  | (Common & { kind: 'control'; control: 'canny' | 'depth'; controlImage: Buffer });

export interface ImageTask {
  id: string;
  /** A polling URL the provider gave, if it is one we trust with the key. */
  pollingUrl: string | null;
  /** Epoch ms when the provider accepted the task; the wait's time limit counts from here. */
  submittedAt: number;
}

export interface ImageFailure {
  code: JobErrorCode;
  /** User-facing text; never holds the key. */
  message: string;
  /** HTTP status of the provider answer behind it, for logs. */
  status?: number;
}

export type SubmitOutcome =
  | { ok: true; task: ImageTask; model: string; attempts: number }
  | { ok: false; failure: ImageFailure; attempts: number };

export type WaitOutcome = (
  { ok: true; sampleUrl: string } | { ok: false; failure: ImageFailure }
) & {
  /** get_result requests made, failed ones included. */
  polls: number;
};

export interface PendingInfo {
  /** 0-100 when the provider reports progress, otherwise null. */
  progress: number | null;
  elapsedMs: number;
}

export interface ImageGenerator {
  submit(operation: ImageOperation): Promise<SubmitOutcome>;
  /**
   * Polls until the task is ready, fails or runs out of time. onPending runs after every in-progress
   * answer (heartbeat, progress, cancellation): whatever it throws ends the wait and reaches the caller.
   */
  waitForResult(
    task: ImageTask,
    onPending?: (info: PendingInfo) => Promise<void>,
  ): Promise<WaitOutcome>;
}
