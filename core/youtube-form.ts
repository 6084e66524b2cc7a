import { toSocialAccountStatuses, type RawDoc } from './data/statuses';
import {
  splitTags,
  tagsLength,
  utf8Bytes,
  youtubeVideoProblem,
  type YouTubePrivacyStatus,
} from './social-limits';

// The YouTube page's rules: where the account stands (users/{uid}/socialAccounts/youtube) and what the
// upload form checks before it sends (the same limits functions/src/providers/social/youtube.ts checks).

/**
 * no-credentials: no client id saved (Connect YouTube Account, in Integrations). needs-authentication: the
 * client is saved but no token yet (Authenticate with YouTube). needs-reconnect: a token YouTube refused or
 * could not be refreshed. ready: uploads work.
 */
export type YouTubeAccountState =
  'no-credentials' | 'needs-authentication' | 'needs-reconnect' | 'ready';

export function youtubeAccountState(docs: readonly RawDoc[]): YouTubeAccountState {
  const status = toSocialAccountStatuses(docs).youtube;
  if (!status) return 'no-credentials';
  if (!status.values.clientId && !status.connected) return 'no-credentials';
  if (status.needsReconnect) return 'needs-reconnect';
  return status.connected ? 'ready' : 'needs-authentication';
}

export const YOUTUBE_TEXT = {
  authRequiredTitle: 'Authentication Required',
  authRequired: 'Please authenticate with YouTube first',
  reconnect:
    'YouTube no longer accepts the saved sign-in. Authenticate with YouTube again to upload.',
  connect: 'Please connect your YouTube account in the Integrations page',
  uploading: 'Uploading...',
} as const;

export const VISIBILITY_OPTIONS: { value: YouTubePrivacyStatus; label: string }[] = [
  { value: 'private', label: 'Private' },
  { value: 'unlisted', label: 'Unlisted' },
  { value: 'public', label: 'Public' },
];

/** What the upload still needs before it can go (a title and a video; YouTube takes a video without a description), or null. */
export function youtubeMissing(form: { title: string; media: readonly unknown[] }): string | null {
  const missing = [
    form.title.trim() ? null : 'a video title',
    form.media.length > 0 ? null : 'a video',
  ].filter(Boolean);
  return missing.length ? `Please add ${missing.join(' and ')}` : null;
}

export interface YouTubeForm {
  title: string;
  description: string;
  tags: string;
  media: readonly { contentType: string; sizeBytes: number }[];
}

/** The counts the form shows and the first reason YouTube would refuse it (blank fields are refused on the click instead). */
export function checkYouTubeForm(form: YouTubeForm): {
  titleChars: number;
  descriptionBytes: number;
  tags: string[];
  tagChars: number;
  problem: string | null;
} {
  const tags = splitTags(form.tags);
  const counts = {
    titleChars: [...form.title.trim()].length,
    descriptionBytes: utf8Bytes(form.description),
    tags,
    tagChars: tagsLength(tags),
  };
  // Blank fields are the click's to refuse (stand-ins here); only a limit already broken disables the button.
  const problem = youtubeVideoProblem(
    { title: form.title.trim() || 'x', description: form.description, tags },
    form.media.length ? form.media : [{ contentType: 'video/mp4', sizeBytes: 1 }],
  );
  return { ...counts, problem: problem?.message ?? null };
}
