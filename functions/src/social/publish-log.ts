// The post's publish log: every request a publish job sends that can change something on the platform
// (the post, its media, an upload), and each look-up of a post whose outcome was unknown, with its time
// and outcome. Kept on the post (`publishLog`), which its owner reads, so a second send is visible.

export interface PublishLogEntry {
  at: Date;
  /** What the request was for, in plain words: 'Create post', 'Upload media', 'Look up'. */
  step: string;
  /** 'Sent' until the answer comes, then 'HTTP 201', 'No answer (timed out)', 'Found', ... */
  outcome: string;
}

/** The newest entries a post keeps (a long video upload sends many parts). */
export const PUBLISH_LOG_MAX = 60;

export const LOOKUP_STEP = 'Look up';
export const CREATE_STEPS = ['Create post', 'Create comment', 'Start upload'] as const;
/** Steps that carry a file's bytes: their answer is waited for longer (publish-timing.ts stepTimeoutMs). */
export const UPLOAD_STEPS: readonly string[] = ['Upload media', 'Upload video'];

/**
 * Each step and whether sending it again while an earlier send may still land is safe. A run that takes over
 * a post (its worker lost) waits out every logged step (publish-timing.ts loggedRequestsSettledAt); within a
 * run, the publishers send an upload step again after a passing failure or a lost answer without waiting,
 * which these reasons allow. Only the create requests are never sent again inside a request's lifetime.
 */
export const STEP_RESEND: Record<string, { makesVisible: boolean; why: string }> = {
  'Create post': {
    makesVisible: true,
    why: 'Makes the post: sent again only once the first can no longer land and a look-up found nothing.',
  },
  'Create comment': {
    makesVisible: true,
    why: 'Makes the first comment (LinkedIn): sent again only once the first can no longer land and a look-up found nothing.',
  },
  'Upload media': {
    makesVisible: false,
    why: 'Makes a media object (X media id, LinkedIn image or video asset, Reddit media asset) that nothing shows until a post names it; a second one is left unused.',
  },
  'Start upload': {
    makesVisible: false,
    why: 'Opens a YouTube resumable session; no video exists until the session holds its last byte, and a re-run continues the saved session.',
  },
  'Upload video': {
    makesVisible: true,
    why: 'Bytes of one YouTube session at a named range, so a part sent twice is kept once: after a lost answer the publisher asks the session what it holds and sends the rest again at once, the last part too, which cannot make a second video in the same session (youtube.ts). A run that takes over waits it out like a create.',
  },
};

const MEDIA_PATH = /\/media|\/images|\/videos|dms-uploads|asset\.json|media-upload/;

/**
 * A platform's own steps by method and path (its adapter's `requestStep`, ./platforms/); undefined: not one of
 * its own, so a media upload when its path says so (MEDIA_PATH).
 */
export type StepNamer = (method: string, path: string) => string | undefined;

/** What a request to the platform is for, from its method and address. */
export function requestStep(ownStep: StepNamer, method: string, url: string): string {
  const path = safePath(url);
  return ownStep(method, path) ?? (MEDIA_PATH.test(path) ? 'Upload media' : 'Request');
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** Errors that mean the request never left this machine (no connection was made). */
const NOT_SENT_CODES = [
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
];

/** The outcome words for an answer, or for a request that got none. */
export function answerOutcome(answer: { status: number } | { error: unknown }): string {
  if ('status' in answer) return `HTTP ${answer.status}`;
  const name = answer.error instanceof Error ? answer.error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return 'No answer (timed out)';
  const code = (answer.error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof code === 'string' && NOT_SENT_CODES.includes(code)
    ? 'Not sent (no connection)'
    : 'No answer (connection failed)';
}

/**
 * A fetch that reports every request except reads (GET, HEAD): `sent` before it leaves, `answered` once the
 * answer or the failure is known. Reads create nothing, and a look-up is logged as one step by the job.
 */
export function recordingFetch(
  inner: typeof fetch,
  ownStep: StepNamer,
  log: {
    sent(step: string): Promise<number>;
    answered(index: number, outcome: string): Promise<void>;
  },
): typeof fetch {
  return async (input, init) => {
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    if (method === 'GET' || method === 'HEAD') return inner(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const index = await log.sent(requestStep(ownStep, method, url));
    try {
      const response = await inner(input, init);
      await log.answered(index, answerOutcome(response));
      return response;
    } catch (error) {
      await log.answered(index, answerOutcome({ error }));
      throw error;
    }
  };
}
