import {
  exportPresets,
  mediaTargetLabels,
  type ExportPresetId,
  type MediaTarget,
} from './media-rules';

// The editor's export presets each channel suits, its default first: what a composer's "Edit for <channel>"
// menu offers beside an attached video, and what "Make a video for <channel>" opens a new project with.
// Every preset here passes that channel's own media rules (MEDIA_RULES in ./media-rules.ts) for a typical
// H.264 file of its shape and size; channel-presets.test.ts checks it with checkMediaForChannel.

export const CHANNEL_PRESETS: Record<MediaTarget, readonly ExportPresetId[]> = {
  // X's own upload sizes: its async video uploads stop at 1920x1200 (or 1200x1900), so 1080x1920 is refused.
  x: ['x-landscape', 'x-square', 'x-portrait'],
  // LinkedIn takes 1:2.4 to 2.4:1 up to 4096x2304: its feed's shapes at 1080p.
  linkedin: ['hd-landscape', 'hd-square', 'hd-feed-portrait'],
  // Reddit posts from here carry one image and no video (REDDIT_LIMITS in core/social-limits.ts): nothing to export.
  reddit: [],
  // YouTube takes any shape and size; 4K where the editor's encoder reaches it.
  youtube: ['hd-landscape', '4k-landscape'],
  // A Short is square or vertical: the full-screen vertical frame.
  'youtube-shorts': ['hd-portrait'],
};

export interface ChannelPresetChoice {
  /** The channel the export is for (YouTube and YouTube Shorts are offered together). */
  target: MediaTarget;
  preset: ExportPresetId;
  /** "YouTube Shorts · 9:16 · 1080x1920". */
  label: string;
}

/** The other YouTube a YouTube composer's video may be for (a Short or a long video). */
const SIBLING: Partial<Record<MediaTarget, MediaTarget>> = {
  youtube: 'youtube-shorts',
  'youtube-shorts': 'youtube',
};

export function presetChoiceLabel(target: MediaTarget, preset: ExportPresetId): string {
  const p = exportPresets[preset];
  return `${mediaTargetLabels[target]} · ${p.aspectRatio} · ${p.width}x${p.height}`;
}

/**
 * The presets to offer for `target`, its default first, then the rest of its own; YouTube's then lists the
 * Shorts preset and Shorts' the long video's, since one YouTube composer posts both. Empty for a channel that
 * takes no video from here.
 */
export function channelPresetChoices(target: MediaTarget): ChannelPresetChoice[] {
  const sibling = SIBLING[target];
  const targets = sibling ? [target, sibling] : [target];
  return targets.flatMap((t) =>
    CHANNEL_PRESETS[t].map((preset) => ({
      target: t,
      preset,
      label: presetChoiceLabel(t, preset),
    })),
  );
}

/** The preset a new video for `target` starts in, or null when the channel takes no video from here. */
export function defaultChannelPreset(target: MediaTarget): ExportPresetId | null {
  return CHANNEL_PRESETS[target][0] ?? null;
}
