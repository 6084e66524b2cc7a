import { z } from 'zod';
import { IMAGE, STYLE_OPTIONS } from './constants';
import { DEFAULT_MODELS } from './ai-models';

// The job pattern: every generation and every publish is a document at
// users/{uid}/jobs/{jobId}, created by the startJob callable and run to the end by Cloud Functions.
// The page follows it live (onSnapshot) and finds it again after a reload. Clients only read jobs.

export const jobKinds = [
  'image',
  'video',
  'voiceover',
  'music',
  'transcription',
  'publish',
] as const;
export type JobKind = (typeof jobKinds)[number];
/** The kinds startJob starts (a publish job is made by publishPost and the scheduler). */
export const generationJobKinds = [
  'image',
  'video',
  'voiceover',
  'music',
  'transcription',
] as const satisfies readonly JobKind[];

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];
export const activeJobStatuses = ['queued', 'running'] as const satisfies readonly JobStatus[];

export function isJobActive(status: JobStatus): boolean {
  return (activeJobStatuses as readonly JobStatus[]).includes(status);
}

const prompt = (required: string, max = 4000) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `Prompt must be ${max} characters or fewer`);

/** An image the user uploaded for image-to-image: a path under their own {uid}/uploads/ in Storage. */
const uploadPath = z
  .string()
  .regex(/^[A-Za-z0-9_-]+\/uploads\/[^/]+$/, 'Input images must be uploaded files');

const size = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(IMAGE.minSize, `${label} must be at least ${IMAGE.minSize}`)
    .max(IMAGE.maxSize, `${label} must be at most ${IMAGE.maxSize}`)
    .refine((v) => v % IMAGE.sizeStep === 0, `${label} must be a multiple of ${IMAGE.sizeStep}`);

export const imageJobInputSchema = z
  .strictObject({
    mode: z.enum(['text', 'image']),
    prompt: z.string().trim().max(4000, 'Prompt must be 4000 characters or fewer').default(''),
    negativePrompt: z.string().trim().max(2000).default(''),
    style: z.enum(STYLE_OPTIONS.image).default('photorealistic'),
    width: size('Width').default(IMAGE.defaultWidth),
    height: size('Height').default(IMAGE.defaultHeight),
    steps: z.number().int().min(IMAGE.minSteps).max(IMAGE.maxSteps).default(IMAGE.defaultSteps),
    guidance: z.number().min(1.5).max(5).default(IMAGE.defaultGuidance),
    promptUpsampling: z.boolean().default(false),
    inputImagePath: uploadPath.optional(),
    controlImagePath: uploadPath.optional(),
    controlType: z.enum(['canny', 'depth']).default('canny'),
  })
  .refine((v) => v.prompt.length > 0 || v.inputImagePath, {
    message: 'Please provide either a prompt or an input image',
  })
  .refine((v) => v.mode === 'text' || v.inputImagePath || v.prompt.length > 0, {
    message: 'Please provide either a prompt or an input image',
  });

export const videoJobInputSchema = z.strictObject({
  prompt: prompt('Please provide a prompt for the video'),
  style: z.enum(STYLE_OPTIONS.video).default('cinematic'),
});

export const voiceoverJobInputSchema = z.strictObject({
  text: prompt('Please provide text for the voiceover', 5000),
  voiceId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,64}$/, 'Please choose a voice'),
  // Any id the user's ElevenLabs catalogue offers (core/ai-models.ts); startJob swaps one no longer offered for the default.
  modelId: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,64}$/, 'Please choose a voice model')
    .default(DEFAULT_MODELS.elevenlabs),
});

export const musicJobInputSchema = z.strictObject({
  prompt: prompt('Please provide a prompt for the music', 2000),
  durationSeconds: z.number().int().min(15).max(120).default(30),
  genre: z.enum(STYLE_OPTIONS.music).default('ambient'),
});

/** A file of the user's to transcribe: a library file ({uid}/generations/), an upload or a render. */
const mediaPath = z
  .string()
  .regex(
    /^[A-Za-z0-9_-]+\/(generations|uploads|renders)\/[^/]+$/,
    'Please choose a file from your library',
  );

/**
 * Who transcribes, through the user's own key of that name (core/integrations.ts): ElevenLabs speech to text
 * or OpenAI transcription. A job stored before the choice existed was ElevenLabs.
 */
export const transcriptionProviders = ['elevenlabs', 'openai'] as const;
export type TranscriptionProvider = (typeof transcriptionProviders)[number];
/** The largest file each provider transcribes at once: ElevenLabs every file a job may send (50 MB), OpenAI 25 MB (26,214,400 bytes). */
export const TRANSCRIPTION_MAX_BYTES = {
  elevenlabs: 50 * 1024 * 1024,
  openai: 25 * 1024 * 1024,
} as const satisfies Record<TranscriptionProvider, number>;

/** A transcription (speech to text through the user's key): the words land on the job (`result`). */
export const transcriptionJobInputSchema = z.strictObject({
  storagePath: mediaPath,
  provider: z
    .enum(transcriptionProviders, { error: 'Choose ElevenLabs or OpenAI to transcribe with' })
    .default('elevenlabs'),
  /** ISO-639 language of the speech, when known (absent: the provider detects it). */
  languageCode: z
    .string()
    .regex(/^[a-z]{2,3}$/, 'Language must be an ISO-639 code')
    .optional(),
});
export type TranscriptionJobInput = z.output<typeof transcriptionJobInputSchema>;

/** One transcribed word; times are seconds from the start of the file. */
export interface TranscribedWord {
  text: string;
  start: number;
  end: number;
}
/** A transcription job's `result`. */
export interface TranscriptionResult {
  text: string;
  languageCode: string | null;
  words: TranscribedWord[];
  /** The provider's model that made it (scribe_v2, whisper-1); absent on results written before it was kept. */
  model?: string;
}

/**
 * startJob payload. requestId is made by the client once per click (crypto.randomUUID) and becomes the
 * job id, so a retried or doubled call starts one job, not two.
 */
/** A publish job's input (written by the publishPost callable and the scheduler, never by startJob). */
export const publishJobInputSchema = z.strictObject({
  postId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  /**
   * Set by the sweep on a job it makes for a post an earlier job had (ms since 1970): the earliest time a send of
   * that post may have left, so the run looks the post up from then before any send
   * (functions/src/social/publish-run.ts).
   */
  lookUpSince: z.number().int().positive().optional(),
});
export type PublishJobInput = z.output<typeof publishJobInputSchema>;

export const startJobSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ requestId: z.uuid(), kind: z.literal('image'), input: imageJobInputSchema }),
    z.strictObject({ requestId: z.uuid(), kind: z.literal('video'), input: videoJobInputSchema }),
    z.strictObject({
      requestId: z.uuid(),
      kind: z.literal('voiceover'),
      input: voiceoverJobInputSchema,
    }),
    z.strictObject({ requestId: z.uuid(), kind: z.literal('music'), input: musicJobInputSchema }),
    z.strictObject({
      requestId: z.uuid(),
      kind: z.literal('transcription'),
      input: transcriptionJobInputSchema,
    }),
  ],
  { error: `Unknown job kind. Use one of: ${generationJobKinds.join(', ')}` },
);
export type StartJobInput = z.input<typeof startJobSchema>;
export type StartJobPayload = z.output<typeof startJobSchema>;
export interface StartJobResult {
  jobId: string;
}

const docId = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(128, `${label} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${label} is not valid`);
export const jobIdSchema = z.strictObject({ jobId: docId('Job id') });
export const deleteGenerationSchema = z.strictObject({ generationId: docId('Generation id') });

/** cancelJob result: the job's status after the call ('cancelled', or how it had already ended). */
export interface CancelJobResult {
  status: JobStatus;
}
export interface DeleteGenerationResult {
  deleted: true;
}

export const jobErrorCodes = [
  'missing_key',
  'invalid_key',
  'no_credit',
  'rate_limited',
  'provider_error',
  'moderated',
  'invalid_input',
  'download_failed',
  'save_failed',
  'timeout',
  'cancelled',
  'internal',
] as const;
export type JobErrorCode = (typeof jobErrorCodes)[number];

export interface JobError {
  /** Stable machine code (jobErrorCodes); readers should treat an unknown code like 'internal'. */
  code: string;
  /** The user-facing text, from the product's message catalogue where it has one. */
  message: string;
}

/** users/{uid}/jobs/{jobId}: written only by functions. Timestamps are Firestore Timestamps (T). */
export interface JobDoc<T = unknown> {
  kind: JobKind;
  status: JobStatus;
  input: Record<string, unknown>;
  /** 0-100: the provider's figure when it reports one, otherwise the timed progress. */
  progress: number;
  /** A short line for the status area ('Queued', 'Generating', 'Saving to your library'). */
  statusText: string;
  providerJobId: string | null;
  /** The provider's polling URL for providerJobId, when it gave one (BFL routes tasks to regional hosts). */
  providerPollingUrl?: string | null;
  /** When the provider accepted the task: the 60 s image polling limit counts from here, also across a resumed run. */
  submittedAt?: T | null;
  /** Set when succeeded: the library record this job wrote (same id as the job). */
  generationId: string | null;
  /** Set when a job that makes no file succeeded (a transcription: TranscriptionResult). */
  result?: Record<string, unknown> | null;
  error: JobError | null;
  /** Runs that claimed the job (a crashed run's redelivery adds one; the runner gives up after a few). */
  attempts: number;
  /** A running job owns a lease; the sweep ends jobs whose lease expired (a crashed or killed run). */
  leaseExpiresAt: T | null;
  /** Which run holds the lease (internal: a run that lost its lease writes nothing more). */
  runId?: string | null;
  startedAt?: T | null;
  /** Set when succeeded: bytes stored and where the time went (ms), for the closing notes and the bench. */
  metrics?: {
    bytes: number;
    providerMs?: number;
    downloadMs?: number;
    uploadMs?: number;
    readyToStoredMs?: number;
    resumedFromStorage?: boolean;
  };
  createdAt: T;
  updatedAt: T;
  finishedAt: T | null;
}

export const generationTypes = ['image', 'video', 'audio'] as const;
export type GenerationType = (typeof generationTypes)[number];

/** users/{uid}/generations/{id}: the library. Written by functions; the owner reads and deletes (via deleteGeneration). */
export interface GenerationDoc<T = unknown> {
  type: GenerationType;
  /** First 50 characters of the prompt, or a name like 'Social Media Upload'. */
  title: string;
  prompt: string;
  storagePath: string;
  /** Download URL of a small preview (images: the image itself; videos: a poster frame when available). */
  thumbnailUrl: string;
  /** Storage path of a separate thumbnail (a video's poster), deleted with the record. */
  thumbnailPath?: string;
  /** Download URL of the file in our Storage (never the provider's expiring URL). */
  originalUrl: string;
  contentType: string;
  sizeBytes: number;
  /** Which job made it, or 'upload' / 'render'. */
  source: { kind: JobKind | 'upload' | 'render'; jobId?: string };
  createdAt: T;
  metadata: Record<string, unknown>;
}
