import type { JobErrorCode } from '@core/jobs';

// What a video job asks of a provider: create one generation, then wait for it. The wait is separate so
// a re-run of the job resumes the generation an earlier, crashed run created (and paid for).

export interface VideoTask {
  id: string;
  /** Epoch ms when the provider accepted it; the wait's time limit counts from here. */
  submittedAt: number;
}

export interface VideoFailure {
  code: JobErrorCode;
  /** User-facing, starting with the 'Failed to generate video'; never holds the key. */
  message: string;
  status?: number;
}

export type VideoSubmitOutcome =
  { ok: true; task: VideoTask } | { ok: false; failure: VideoFailure };

export type VideoWaitOutcome = (
  { ok: true; videoUrl: string; posterUrl: string | null } | { ok: false; failure: VideoFailure }
) & { polls: number };

export interface VideoPending {
  /** The provider's state word ('queued', 'dreaming'). */
  state: string;
  elapsedMs: number;
}

export interface VideoGenerator {
  submit(request: { prompt: string }): Promise<VideoSubmitOutcome>;
  /** Polls until done, failed or out of time; whatever onPending throws ends the wait and reaches the caller. */
  waitForResult(
    task: VideoTask,
    onPending?: (info: VideoPending) => Promise<void>,
  ): Promise<VideoWaitOutcome>;
}
