import { platformLabels, type PublishPlatform } from './platforms/facts';
import { jsonObject, type JsonObject } from './json';

// The catalogue of the platforms' own errors: each maps a platform's answer (its HTTP status and its own
// code or reason) to the step of the publish that failed, one plain sentence the user reads, and the fix the
// user can take (a button in Recent Posts where one exists). Pure: the publish run (functions/src/social/
// publish-run.ts) explains every failure through it when it writes the post's end, and the dashboard reads
// the stored explanation (`error.step`, `error.fix`). The platforms' codes are the ones their APIs document:
// X API v2 problem titles and v1.1 error codes, LinkedIn's `code`, Reddit's json.errors codes, the YouTube
// Data API's error reasons.

export const failureSteps = ['sign-in', 'upload', 'processing', 'create', 'comment'] as const;
export type FailureStep = (typeof failureSteps)[number];

/**
 * What the user can do. reconnect: connect the account again on its platform page. edit: change the post
 * (text, media, subreddit). shorten: the text or title is too long. choose-flair: pick a flair the subreddit
 * offers. retry: send it again now. wait: nothing to press; the platform lifts the limit by itself.
 */
export const fixActions = [
  'reconnect',
  'edit',
  'shorten',
  'choose-flair',
  'retry',
  'wait',
] as const;
export type FixAction = (typeof fixActions)[number];

export interface FailureFix {
  action: FixAction;
  /** The button's words, or for `wait` what to wait for. */
  label: string;
}

/** Actions that have a button; `wait` is only words. */
export const fixHasButton = (action: FixAction): boolean => action !== 'wait';

export interface PlatformErrorEntry {
  /** Our canonical name for it: '<platform>.<what>'. */
  id: string;
  platform: PublishPlatform;
  /** The HTTP status it comes with; absent when the code alone names it (Reddit answers 200 with json.errors). */
  status?: number;
  /** The platform's own code or reason, as the API sends it. */
  platformCode?: string;
  /** Our failure code (functions' PublishFailureCode) when that is what tells it apart (X's duplicate 403). */
  failureCode?: string;
  step: FailureStep;
  /** The step is that of the request that got the answer (a 401 can come on an upload or on the create). */
  stepOfRequest?: boolean;
  message: string;
  fix: FailureFix;
}

const reconnect = (platform: PublishPlatform): FailureFix => ({
  action: 'reconnect',
  label: `Reconnect ${platformLabels[platform]}`,
});
const edit: FailureFix = { action: 'edit', label: 'Edit post' };
const retry: FailureFix = { action: 'retry', label: 'Retry' };
const wait = (label: string): FailureFix => ({ action: 'wait', label });

export const platformErrorCatalogue: readonly PlatformErrorEntry[] = [
  // X API v2
  {
    id: 'x.unauthorized',
    platform: 'x',
    status: 401,
    step: 'create',
    stepOfRequest: true,
    message: 'X refused the saved sign-in for this account.',
    fix: reconnect('x'),
  },
  {
    id: 'x.duplicate-content',
    platform: 'x',
    status: 403,
    failureCode: 'duplicate',
    step: 'create',
    message: 'X refused the post: this account already posted the same text.',
    fix: edit,
  },
  // X answers 401 for credentials it no longer accepts (revoked or expired: v1.1 code 89, "Invalid or
  // expired token"); a 403 is a refusal of this one request ("an accompanying error message will explain
  // why"), which a later send can pass. Only the first is a reason to reconnect.
  {
    id: 'x.token-invalid',
    platform: 'x',
    status: 401,
    platformCode: '89',
    step: 'sign-in',
    message: 'X says the saved access token is invalid or expired (access was revoked).',
    fix: reconnect('x'),
  },
  {
    id: 'x.app-read-only',
    platform: 'x',
    status: 403,
    platformCode: 'oauth1-permissions',
    step: 'create',
    stepOfRequest: true,
    message:
      'X says the app has no Read and Write permission: set it in the X developer portal, then save new access tokens.',
    fix: { action: 'reconnect', label: 'Save new X tokens' },
  },
  {
    id: 'x.forbidden',
    platform: 'x',
    status: 403,
    step: 'create',
    stepOfRequest: true,
    message: 'X refused this request without saying the sign-in was revoked or expired.',
    fix: retry,
  },
  {
    id: 'x.credits-depleted',
    platform: 'x',
    status: 402,
    step: 'create',
    stepOfRequest: true,
    message: 'The X developer account has no API credits left.',
    fix: { action: 'retry', label: 'Retry after adding credits' },
  },
  {
    id: 'x.usage-capped',
    platform: 'x',
    status: 429,
    platformCode: 'UsageCapExceeded',
    step: 'create',
    stepOfRequest: true,
    message: 'The X app reached its monthly post cap.',
    fix: wait('Wait for the cap to reset'),
  },
  {
    id: 'x.rate-limited',
    platform: 'x',
    status: 429,
    step: 'create',
    stepOfRequest: true,
    message: 'X is rate limiting this account.',
    fix: wait('Wait for the limit to reset'),
  },
  {
    id: 'x.media-too-large',
    platform: 'x',
    status: 413,
    step: 'upload',
    message: 'X refused the media as too large.',
    fix: edit,
  },
  {
    id: 'x.media-processing-failed',
    platform: 'x',
    failureCode: 'media_processing_failed',
    step: 'processing',
    message: 'X could not process the media.',
    fix: edit,
  },
  {
    id: 'x.unavailable',
    platform: 'x',
    status: 503,
    step: 'create',
    stepOfRequest: true,
    message: 'X is not answering right now.',
    fix: retry,
  },
  // LinkedIn REST API
  {
    id: 'linkedin.version-retired',
    platform: 'linkedin',
    status: 426,
    platformCode: 'NONEXISTENT_VERSION',
    step: 'create',
    stepOfRequest: true,
    message: 'LinkedIn retired the API version Muse Studio uses.',
    fix: wait('Wait for a Muse Studio update'),
  },
  {
    id: 'linkedin.token-expired',
    platform: 'linkedin',
    status: 401,
    platformCode: 'EXPIRED_ACCESS_TOKEN',
    step: 'sign-in',
    message: 'The LinkedIn access token expired (they last 60 days).',
    fix: reconnect('linkedin'),
  },
  {
    id: 'linkedin.token-revoked',
    platform: 'linkedin',
    status: 401,
    platformCode: 'REVOKED_ACCESS_TOKEN',
    step: 'sign-in',
    message: 'LinkedIn access was revoked for Muse Studio.',
    fix: reconnect('linkedin'),
  },
  {
    id: 'linkedin.unauthorized',
    platform: 'linkedin',
    status: 401,
    step: 'sign-in',
    message: 'LinkedIn did not accept the saved access token.',
    fix: reconnect('linkedin'),
  },
  {
    id: 'linkedin.missing-permission',
    platform: 'linkedin',
    status: 403,
    step: 'create',
    stepOfRequest: true,
    message: 'LinkedIn refused: the app lacks the permission (scope) to post as this author.',
    fix: reconnect('linkedin'),
  },
  {
    id: 'linkedin.duplicate',
    platform: 'linkedin',
    status: 422,
    platformCode: 'DUPLICATE_POST',
    step: 'create',
    message: 'LinkedIn refused the post as a duplicate of one already posted.',
    fix: edit,
  },
  {
    id: 'linkedin.rate-limited',
    platform: 'linkedin',
    status: 429,
    step: 'create',
    stepOfRequest: true,
    message: "LinkedIn's daily limit for this account is used up.",
    fix: wait('Wait for the limit to reset'),
  },
  {
    id: 'linkedin.media-too-large',
    platform: 'linkedin',
    status: 413,
    step: 'upload',
    message: 'LinkedIn refused the media as too large.',
    fix: edit,
  },
  {
    id: 'linkedin.processing-failed',
    platform: 'linkedin',
    failureCode: 'media_processing_failed',
    step: 'processing',
    message: 'LinkedIn could not process the video.',
    fix: edit,
  },
  // Reddit API (/api/submit answers 200 with json.errors)
  {
    id: 'reddit.flair-required',
    platform: 'reddit',
    platformCode: 'SUBMIT_VALIDATION_FLAIR_REQUIRED',
    step: 'create',
    message: 'This subreddit requires a post flair.',
    fix: { action: 'choose-flair', label: 'Choose a flair' },
  },
  {
    id: 'reddit.flair-gone',
    platform: 'reddit',
    platformCode: 'BAD_FLAIR_TEMPLATE_ID',
    step: 'create',
    message: 'That flair is no longer offered in this subreddit.',
    fix: { action: 'choose-flair', label: 'Choose a flair' },
  },
  {
    id: 'reddit.already-submitted',
    platform: 'reddit',
    platformCode: 'ALREADY_SUB',
    step: 'create',
    message: 'That link was already posted in this subreddit.',
    fix: edit,
  },
  {
    id: 'reddit.no-such-subreddit',
    platform: 'reddit',
    platformCode: 'SUBREDDIT_NOEXIST',
    step: 'create',
    message: 'That subreddit does not exist.',
    fix: edit,
  },
  {
    id: 'reddit.not-allowed',
    platform: 'reddit',
    platformCode: 'SUBREDDIT_NOTALLOWED',
    step: 'create',
    message: 'This account is not allowed to post in that subreddit.',
    fix: edit,
  },
  {
    id: 'reddit.rate-limited',
    platform: 'reddit',
    platformCode: 'RATELIMIT',
    step: 'create',
    message: 'Reddit is limiting how often this account can post.',
    fix: wait('Wait for the limit to reset'),
  },
  {
    id: 'reddit.no-text-posts',
    platform: 'reddit',
    platformCode: 'NO_SELFS',
    step: 'create',
    message: 'This subreddit does not allow text posts.',
    fix: edit,
  },
  {
    id: 'reddit.no-link-posts',
    platform: 'reddit',
    platformCode: 'NO_LINKS',
    step: 'create',
    message: 'This subreddit does not allow link or media posts.',
    fix: edit,
  },
  {
    id: 'reddit.too-long',
    platform: 'reddit',
    platformCode: 'TOO_LONG',
    step: 'create',
    message: 'Reddit refused the title or text as too long.',
    fix: { action: 'shorten', label: 'Shorten it' },
  },
  {
    id: 'reddit.unauthorized',
    platform: 'reddit',
    status: 401,
    step: 'create',
    stepOfRequest: true,
    message: 'Reddit did not accept the saved connection.',
    fix: reconnect('reddit'),
  },
  // YouTube Data API v3 (videos.insert, resumable)
  {
    id: 'youtube.upload-limit',
    platform: 'youtube',
    platformCode: 'uploadLimitExceeded',
    step: 'upload',
    message: 'This channel reached its limit of uploads for now.',
    fix: wait('Wait up to 24 hours'),
  },
  {
    id: 'youtube.quota-exceeded',
    platform: 'youtube',
    platformCode: 'quotaExceeded',
    step: 'upload',
    message: "YouTube's daily API quota for this app is used up.",
    fix: wait('Wait for midnight Pacific Time'),
  },
  {
    id: 'youtube.insufficient-permissions',
    platform: 'youtube',
    status: 403,
    platformCode: 'insufficientPermissions',
    step: 'sign-in',
    message: 'YouTube was not given permission to upload videos.',
    fix: reconnect('youtube'),
  },
  {
    id: 'youtube.forbidden',
    platform: 'youtube',
    status: 403,
    platformCode: 'forbidden',
    step: 'upload',
    message: 'YouTube refused the upload for this account.',
    fix: reconnect('youtube'),
  },
  {
    id: 'youtube.invalid-title',
    platform: 'youtube',
    status: 400,
    platformCode: 'invalidTitle',
    step: 'create',
    message: 'YouTube refused the video title (empty, over 100 characters, or with < or >).',
    fix: edit,
  },
  {
    id: 'youtube.invalid-description',
    platform: 'youtube',
    status: 400,
    platformCode: 'invalidDescription',
    step: 'create',
    message: 'YouTube refused the description (over 5,000 bytes, or with < or >).',
    fix: edit,
  },
  {
    id: 'youtube.unauthorized',
    platform: 'youtube',
    status: 401,
    step: 'sign-in',
    message: 'YouTube did not accept the saved sign-in.',
    fix: reconnect('youtube'),
  },
];

/** Failures that come from no platform answer (the account, our library, the network), by our failure code. */
const generic: Record<
  string,
  Omit<PlatformErrorEntry, 'id' | 'platform' | 'fix'> & {
    fix: (platform: PublishPlatform) => FailureFix;
  }
> = {
  missing_credentials: {
    step: 'sign-in',
    message: 'The account is not connected.',
    fix: reconnect,
  },
  unreadable_credentials: {
    step: 'sign-in',
    message: 'The saved credentials can no longer be read.',
    fix: reconnect,
  },
  auth_expired: { step: 'sign-in', message: 'The saved sign-in was refused.', fix: reconnect },
  // A refusal with no code that names the sign-in: the account stays connected (see x.forbidden).
  forbidden: {
    step: 'create',
    stepOfRequest: true,
    message: 'The platform did not allow this.',
    fix: () => retry,
  },
  duplicate: {
    step: 'create',
    message: 'The platform refused the same content again.',
    fix: () => edit,
  },
  rate_limited: {
    step: 'create',
    stepOfRequest: true,
    message: 'The platform is limiting requests.',
    fix: () => wait('Wait for the limit to reset'),
  },
  invalid_content: {
    step: 'create',
    stepOfRequest: true,
    message: 'The platform refused the post.',
    fix: () => edit,
  },
  media_too_large: {
    step: 'upload',
    message: 'The media is too large for the platform.',
    fix: () => edit,
  },
  media_processing_failed: {
    step: 'processing',
    message: 'The platform could not process the media.',
    fix: () => edit,
  },
  media_missing: {
    step: 'upload',
    message: 'A media file of this post is no longer in your library.',
    fix: () => edit,
  },
  unavailable: {
    step: 'create',
    stepOfRequest: true,
    message: 'The platform is not answering right now.',
    fix: () => retry,
  },
  unknown_outcome: {
    step: 'create',
    stepOfRequest: true,
    message: 'The platform did not answer in time: the post may have been published.',
    fix: () => ({ action: 'retry', label: 'Check and retry' }),
  },
};

export interface FailureToExplain {
  platform: PublishPlatform;
  /** Our failure code (auth_expired, duplicate, ...). */
  code: string;
  /** The HTTP status of the platform's answer, when there was one. */
  status?: number;
  /** The platform's own code or reason. */
  platformCode?: string;
  /** The step of the last request the run sent, when it sent one (see stepOfRequest). */
  requestStep?: FailureStep;
}

export interface FailureExplanation {
  /** The catalogue's id, or 'generic.<code>' when no entry names it. */
  id: string;
  step: FailureStep;
  message: string;
  fix: FailureFix;
}

/** The catalogue entry for a platform's answer: its own code first, then its status (with our code), then its status alone. */
export function findPlatformError(failure: FailureToExplain): PlatformErrorEntry | undefined {
  const mine = platformErrorCatalogue.filter((e) => e.platform === failure.platform);
  const statusFits = (e: PlatformErrorEntry) =>
    e.status === undefined || e.status === failure.status;
  if (failure.platformCode) {
    const byCode = mine.find((e) => e.platformCode === failure.platformCode && statusFits(e));
    if (byCode) return byCode;
  }
  const byFailure = mine.find(
    (e) => e.failureCode === failure.code && e.platformCode === undefined && statusFits(e),
  );
  if (byFailure) return byFailure;
  if (failure.status === undefined) return undefined;
  return mine.find(
    (e) =>
      e.status === failure.status && e.platformCode === undefined && e.failureCode === undefined,
  );
}

/** The step, words and fix for a failure: the catalogue's entry, else the one for our failure code. */
export function explainFailure(failure: FailureToExplain): FailureExplanation {
  const entry = findPlatformError(failure);
  if (entry)
    return {
      id: entry.id,
      step: entry.stepOfRequest && failure.requestStep ? failure.requestStep : entry.step,
      message: entry.message,
      fix: entry.fix,
    };
  const fallback = generic[failure.code] ?? generic.invalid_content!;
  const step = fallback.stepOfRequest && failure.requestStep ? failure.requestStep : fallback.step;
  return {
    id: `generic.${failure.code}`,
    step,
    message: fallback.message,
    fix: fallback.fix(failure.platform),
  };
}

const word = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim()
    ? v.trim().slice(0, 100)
    : typeof v === 'number'
      ? String(v)
      : undefined;

// A v2 problem whose title is only the status's name ('Forbidden') is told apart by its type's last part
// ('https://api.twitter.com/2/problems/oauth1-permissions'); 'about:blank' names nothing.
function xProblemOfGenericTitle(b: JsonObject): string | undefined {
  if (b.title !== 'Forbidden' && b.title !== 'Unauthorized') return undefined;
  const m = typeof b.type === 'string' ? /\/2\/problems\/([a-z0-9-]+)$/.exec(b.type) : null;
  return m?.[1];
}

/**
 * Where each platform names its own code in an answer's body, as each API documents its errors: X's v1.1
 * `errors[].code` or v2 problem `title`; LinkedIn's input error code, else its `code`; Reddit's json.errors
 * code; the YouTube Data API's `error.errors[].reason`. `inSuccessfulAnswers`: the platform also refuses
 * with a 2xx status (Reddit's submit answers 200 with json.errors), so those answers are read too.
 */
export const platformErrorCodes: Record<
  PublishPlatform,
  { read: (body: JsonObject) => string | undefined; inSuccessfulAnswers: boolean }
> = {
  x: {
    read: (b) =>
      word(Array.isArray(b.errors) ? jsonObject(b.errors[0])?.code : undefined) ??
      xProblemOfGenericTitle(b) ??
      word(b.title),
    inSuccessfulAnswers: false,
  },
  linkedin: {
    read: (b) => {
      const input = jsonObject(b.errorDetails)?.inputErrors;
      return word(Array.isArray(input) ? jsonObject(input[0])?.code : undefined) ?? word(b.code);
    },
    inSuccessfulAnswers: false,
  },
  reddit: {
    read: (b) => {
      const errors = jsonObject(b.json)?.errors;
      return word(
        Array.isArray(errors) && Array.isArray(errors[0]) ? (errors[0] as unknown[])[0] : undefined,
      );
    },
    inSuccessfulAnswers: true,
  },
  youtube: {
    read: (b) => {
      const errors = jsonObject(b.error)?.errors;
      return word(Array.isArray(errors) ? jsonObject(errors[0])?.reason : undefined);
    },
    inSuccessfulAnswers: false,
  },
};

/** The platform's own code in an answer's body (platformErrorCodes), undefined when the body names none. */
export function platformCodeOf(platform: PublishPlatform, body: unknown): string | undefined {
  const b = jsonObject(body);
  return b ? platformErrorCodes[platform].read(b) : undefined;
}

/** The failure step of a publish-log step name ('Upload media' -> upload). */
export function failureStepOfRequest(logStep: string): FailureStep {
  if (/comment/i.test(logStep)) return 'comment';
  if (/upload/i.test(logStep)) return 'upload';
  return 'create';
}

/** "Failed at upload" and the like, for Recent Posts and the inbox. */
export const failureStepLabels: Record<FailureStep, string> = {
  'sign-in': 'sign-in',
  upload: 'upload',
  processing: 'processing',
  create: 'posting',
  comment: 'the first comment',
};
