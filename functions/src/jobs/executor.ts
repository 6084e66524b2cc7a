import type { IntegrationType } from '@core/integrations';
import type { GenerationType, JobError, JobKind } from '@core/jobs';
import type { Bucket, StoredMedia } from './result-storage';

// One executor per job kind (image, video, voiceover, music, transcription). The runner owns everything
// generic: the claim and lease, the key, cancellation, the copy into Storage and the library record.
// An executor only talks to its provider and says how its record reads.

/** A user-facing refusal from startJob, before anything is written. */
export interface StartRefusal {
  code: 'invalid-argument' | 'permission-denied' | 'failed-precondition';
  message: string;
}

/** Where an earlier run of this job left its provider task (resumed rather than submitted twice). */
export interface ProviderCheckpoint {
  providerJobId: string;
  pollingUrl: string | null;
  /** Epoch ms. */
  submittedAt: number;
}

export interface ExecutionContext<I> {
  uid: string;
  jobId: string;
  input: I;
  apiKey: string;
  resume: ProviderCheckpoint | null;
  /** Saves the provider task on the job. Throws JobInterrupted when the job was cancelled or taken over. */
  checkpoint(task: ProviderCheckpoint): Promise<void>;
  /** Heartbeat with progress (0-100) and a status line. Throws JobInterrupted when the job must stop. */
  report(update: { progress?: number; statusText?: string }): Promise<void>;
  /** Bytes of one of the user's uploads ({uid}/uploads/...), or undefined when it is gone. */
  readUpload(path: string): Promise<{ bytes: Buffer; contentType: string } | undefined>;
  /** Bytes of one of the user's audio or video files ({uid}/...), or undefined when it is gone, not media or too large. */
  readMedia(path: string): Promise<{ bytes: Buffer; contentType: string } | undefined>;
}

/**
 * The provider's finished result: a URL to fetch at once (provider URLs expire), with an optional poster
 * image (a video's thumbnail, best effort), or the bytes themselves.
 */
export type ExecutionOutcome =
  | {
      ok: true;
      media: { url: string; posterUrl?: string | null } | { bytes: Buffer; contentType: string };
    }
  /** A kind that makes no file (`resultOnly`): the answer is written on the job as `result`. */
  | { ok: true; result: Record<string, unknown> }
  | { ok: false; error: JobError };

export interface GenerationFields {
  title: string;
  prompt: string;
  metadata: Record<string, unknown>;
}

export interface JobExecutor<I = unknown> {
  kind: JobKind;
  generationType: GenerationType;
  /** The kind answers on the job (`result`) and makes no file or library record (a transcription). */
  resultOnly?: boolean;
  /** The user's key this kind needs (core/integrations.ts). */
  integration: IntegrationType;
  /** A kind whose input picks the provider: the key one job needs, and what to say when it is missing (neededKey). */
  keyFor?(input: I): NeededKey;
  messages: {
    /** User-facing texts: missing key, anything unexpected, a result that could not be fetched or saved. */
    missingKey: string;
    failed: string;
    download: string;
    save: string;
  };
  /** Re-reads the stored input (it was validated by startJob; defaults are filled again). */
  parseInput(raw: unknown): I;
  checkStart?(uid: string, input: I, deps: { bucket: Bucket }): Promise<StartRefusal | undefined>;
  execute(ctx: ExecutionContext<I>): Promise<ExecutionOutcome>;
  describe(input: I, media: StoredMedia): GenerationFields;
}

export interface NeededKey {
  integration: IntegrationType;
  /** User-facing, naming the key to add in the Integrations page. */
  missingKey: string;
}

/** The key a job needs: the one its input picked, else the kind's own. */
export function neededKey<I>(executor: JobExecutor<I>, input: I): NeededKey {
  return (
    executor.keyFor?.(input) ?? {
      integration: executor.integration,
      missingKey: executor.messages.missingKey,
    }
  );
}

/** Thrown by a heartbeat or checkpoint when the run must stop writing: it no longer owns the job. */
export class JobInterrupted extends Error {
  constructor(readonly reason: 'cancelled' | 'finished' | 'lost') {
    super(`Job interrupted: ${reason}`);
    this.name = 'JobInterrupted';
  }
}
