import type { MediaProbe } from '../media-probe';
import { linkedinMediaRefusal } from '../post-checks';
import {
  LINKEDIN_LIMITS,
  redditMediaProblem,
  xMediaProblem,
  youtubeVideoProblem,
} from '../social-limits';
import { platformLabels, type PublishPlatform } from './facts';

// Each platform's media rules as data, checked against what the browser read from the file itself
// (core/media-probe.ts) when it is attached, so a file a platform refuses is caught before Schedule, not
// at publish time. Type, size and count keep their one home in core/social-limits.ts and core/post-checks.ts
// (the publishers run them too); the numbers below that live there are read from there.

/** Where a file goes: a platform, or YouTube Shorts (a YouTube video whose text says #Shorts). */
export type MediaTarget = PublishPlatform | 'youtube-shorts';

export const mediaTargetLabels: Record<MediaTarget, string> = {
  ...platformLabels,
  'youtube-shorts': 'YouTube Shorts',
};

/** A width:height range, as width divided by height. */
interface AspectRange {
  min: number;
  max: number;
  /** How the rule reads, e.g. "between 1:3 and 3:1". */
  words: string;
}

export interface VideoRules {
  minSeconds?: number;
  maxSeconds: number;
  aspect?: AspectRange;
  /** Video codecs the platform takes (mediabunny's ids); absent: any a browser can read. */
  videoCodecs?: readonly string[];
  audioCodecs?: readonly string[];
  maxAudioChannels?: number;
  minFps?: number;
  maxFps?: number;
  minSize?: { width: number; height: number };
  /** The frame must fit one of these boxes (as is, not rotated). */
  maxSizes?: readonly { width: number; height: number }[];
}

export interface ImageRules {
  maxWidth?: number;
  maxHeight?: number;
  maxPixels?: number;
}

export interface GifRules {
  maxFrames?: number;
  maxWidth?: number;
  maxHeight?: number;
  /** Width x height x frames. */
  maxTotalPixels?: number;
}

export interface MediaRules {
  video?: VideoRules;
  image?: ImageRules;
  gif?: GifRules;
}

export const MEDIA_RULES: Record<MediaTarget, MediaRules> = {
  // docs.x.com/x-api/media/quickstart/best-practices: video 0.5 s to 140 s, H.264 (High profile) with AAC-LC
  // mono or stereo audio, at most 60 fps, aspect 1:3 to 3:1, 32x32 up to 1920x1200 (or 1200x1900 portrait)
  // for async tweet_video uploads (functions/src/providers/social/x.ts uploads that way); GIFs at most
  // 1280x1080 and 350 frames (300 million pixels in all); images up to 8192x8192.
  x: {
    video: {
      minSeconds: 0.5,
      maxSeconds: 140,
      aspect: { min: 1 / 3, max: 3, words: 'between 1:3 and 3:1' },
      videoCodecs: ['avc'],
      audioCodecs: ['aac'],
      maxAudioChannels: 2,
      maxFps: 60,
      minSize: { width: 32, height: 32 },
      maxSizes: [
        { width: 1920, height: 1200 },
        { width: 1200, height: 1900 },
      ],
    },
    image: { maxWidth: 8192, maxHeight: 8192 },
    gif: { maxFrames: 350, maxWidth: 1280, maxHeight: 1080, maxTotalPixels: 300_000_000 },
  },
  // learn.microsoft.com/linkedin/marketing/community-management/shares/videos-api: MP4, 3 s to 30 min
  // (LINKEDIN_LIMITS), aspect 1:2.4 to 2.4:1, 10 to 60 fps, 256x144 to 4096x2304 (either way up; checked here as
  // a short side of at least 144), H.264 video with AAC audio;
  // images-api: under 36,152,320 pixels (LINKEDIN_LIMITS), GIFs up to 250 frames.
  linkedin: {
    video: {
      minSeconds: LINKEDIN_LIMITS.videoMinSeconds,
      maxSeconds: LINKEDIN_LIMITS.videoMaxSeconds,
      aspect: { min: 1 / 2.4, max: 2.4, words: 'between 1:2.4 and 2.4:1' },
      videoCodecs: ['avc'],
      audioCodecs: ['aac'],
      minFps: 10,
      maxFps: 60,
      minSize: { width: 144, height: 144 },
      maxSizes: [
        { width: 4096, height: 2304 },
        { width: 2304, height: 4096 },
      ],
    },
    image: { maxPixels: LINKEDIN_LIMITS.imageMaxPixels },
    gif: { maxFrames: 250 },
  },
  // Reddit image posts (www.reddit.com/dev/api#POST_api_submit): the type and 20 MB of REDDIT_LIMITS; videos are
  // not posted from here (redditMediaProblem refuses them).
  reddit: {},
  // support.google.com/youtube/answer/71673: up to 12 hours (and 256 GB; Muse's 2 GB cap is YOUTUBE_LIMITS);
  // YouTube reads every common codec, so none is refused here.
  youtube: { video: { maxSeconds: 12 * 60 * 60 } },
  // support.google.com/youtube/answer/10059070: a Short is square or vertical and at most 3 minutes.
  'youtube-shorts': {
    video: { maxSeconds: 3 * 60, aspect: { min: 0, max: 1, words: 'square or vertical' } },
  },
};

/**
 * Export presets the editor (/create/editor?preset=...) opens with: H.264 MP4 at 30 fps in each shape. The ids
 * travel in links (a composer's Fix in editor, core/editor/fix-link.ts), so an id once given keeps its meaning.
 * Each size is the editor's own for its shape and size class (resolutionFor in core/editor/model.ts): 4:5 at
 * 1080p is 1080x1350, 16:9 at 4K 3840x2160. Which channel offers which: ./channel-presets.ts.
 */
export const exportPresets = {
  'x-landscape': { label: 'X landscape', aspectRatio: '16:9', width: 1280, height: 720 },
  'x-square': { label: 'X square', aspectRatio: '1:1', width: 720, height: 720 },
  'x-portrait': { label: 'X portrait', aspectRatio: '9:16', width: 720, height: 1280 },
  'hd-landscape': { label: 'HD landscape', aspectRatio: '16:9', width: 1920, height: 1080 },
  'hd-square': { label: 'HD square', aspectRatio: '1:1', width: 1080, height: 1080 },
  'hd-feed-portrait': { label: 'HD feed portrait', aspectRatio: '4:5', width: 1080, height: 1350 },
  'hd-portrait': { label: 'HD vertical', aspectRatio: '9:16', width: 1080, height: 1920 },
  '4k-landscape': { label: '4K landscape', aspectRatio: '16:9', width: 3840, height: 2160 },
} as const satisfies Record<
  string,
  { label: string; aspectRatio: '16:9' | '1:1' | '4:5' | '9:16'; width: number; height: number }
>;
export type ExportPresetId = keyof typeof exportPresets;
export const EXPORT_PRESET_FPS = 30;

export function isExportPresetId(value: string | null): value is ExportPresetId {
  return value !== null && Object.hasOwn(exportPresets, value);
}

/** The preset a channel's fix exports with: the file's own shape (Shorts: vertical), at the channel's size. */
export function exportPresetFor(
  target: MediaTarget,
  probe: Pick<MediaProbe, 'width' | 'height'>,
): ExportPresetId {
  const ratio = probe.width && probe.height ? probe.width / probe.height : 16 / 9;
  const shape =
    target === 'youtube-shorts' || ratio < 0.8
      ? 'portrait'
      : ratio <= 1.25
        ? 'square'
        : 'landscape';
  return `${target === 'x' ? 'x' : 'hd'}-${shape}`;
}

export type MediaRule =
  | 'type'
  | 'size'
  | 'count'
  | 'duration'
  | 'codec'
  | 'audio'
  | 'fps'
  | 'aspect'
  | 'dimensions'
  | 'frames';

export interface MediaProblem {
  target: MediaTarget;
  rule: MediaRule;
  message: string;
  /** The editor preset that exports a file this channel takes (videos only; an image has no editor fix). */
  fix: ExportPresetId | null;
}

const CODEC_NAMES: Record<string, string> = {
  avc: 'H.264',
  hevc: 'HEVC (H.265)',
  vp8: 'VP8',
  vp9: 'VP9',
  av1: 'AV1',
  aac: 'AAC',
  opus: 'Opus',
  mp3: 'MP3',
  vorbis: 'Vorbis',
  flac: 'FLAC',
};
const codecName = (codec: string) =>
  CODEC_NAMES[codec] ?? (codec.startsWith('pcm') ? 'PCM' : codec.toUpperCase());

/** 0:07, 2:20, 1:02:03. */
export function formatSeconds(seconds: number): string {
  const s = Math.round(seconds * 10) / 10;
  const whole = Math.floor(s);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const sec = whole % 60;
  const frac = s < 10 && s !== whole ? `.${Math.round((s - whole) * 10)}` : '';
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}${frac}`;
}

const ratioWords = (w: number, h: number) => {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const d = gcd(w, h);
  const [a, b] = [w / d, h / d];
  return a <= 64 && b <= 64 ? `${a}:${b}` : `${(w / h).toFixed(2)}:1`;
};

/** The existing type and size rules (core/social-limits.ts, core/post-checks.ts) for one file. */
function typeAndSize(
  probe: MediaProbe,
  target: MediaTarget,
): { rule: MediaRule; message: string } | null {
  const one = [{ contentType: probe.contentType, sizeBytes: probe.sizeBytes }];
  const found =
    target === 'x'
      ? xMediaProblem(one)
      : target === 'linkedin'
        ? linkedinMediaRefusal(one)
        : target === 'reddit'
          ? redditMediaProblem(one)
          : youtubeVideoProblem({ title: 'x', description: '', tags: [] }, one);
  if (!found) return null;
  // LinkedIn's 75 KB floor comes as invalid_content: it is still about size.
  return {
    rule: found.code === 'media_too_large' || /at least \d/.test(found.message) ? 'size' : 'type',
    message: found.message,
  };
}

/** Every reason `target` would refuse this one file, read from the file itself; empty when it takes it. */
export function checkMediaForChannel(probe: MediaProbe, target: MediaTarget): MediaProblem[] {
  const name = mediaTargetLabels[target];
  const problems: MediaProblem[] = [];
  const fix = probe.kind === 'video' ? exportPresetFor(target, probe) : null;
  const add = (rule: MediaRule, message: string, fixable = true) =>
    problems.push({ target, rule, message, fix: fixable ? fix : null });

  const basic = typeAndSize(probe, target);
  if (basic?.rule === 'type') {
    add('type', basic.message);
    return problems; // nothing else is worth reading on a type the platform does not take
  }
  if (basic) add(basic.rule, basic.message);

  const rules = MEDIA_RULES[target];
  const { width: w, height: h } = probe;
  if (probe.kind === 'video' && rules.video) {
    const v = rules.video;
    const d = probe.durationSeconds;
    if (d !== null && d > v.maxSeconds)
      add(
        'duration',
        `${name} takes videos of ${formatSeconds(v.maxSeconds)} at most (this one is ${formatSeconds(d)}): trim it`,
      );
    if (d !== null && v.minSeconds !== undefined && d < v.minSeconds)
      add(
        'duration',
        `${name} takes videos of ${formatSeconds(v.minSeconds)} or longer (this one is ${formatSeconds(d)})`,
      );
    if (probe.videoCodec && v.videoCodecs && !v.videoCodecs.includes(probe.videoCodec)) {
      add(
        'codec',
        `${name} takes ${v.videoCodecs.map(codecName).join(' or ')} video only (this one is ${codecName(probe.videoCodec)})`,
      );
    }
    if (probe.audioCodec && v.audioCodecs && !v.audioCodecs.includes(probe.audioCodec)) {
      add(
        'audio',
        `${name} takes ${v.audioCodecs.map(codecName).join(' or ')} sound only (this one is ${codecName(probe.audioCodec)})`,
      );
    }
    if (
      probe.audioChannels !== null &&
      v.maxAudioChannels !== undefined &&
      probe.audioChannels > v.maxAudioChannels
    ) {
      add(
        'audio',
        `${name} takes mono or stereo sound only (this one has ${probe.audioChannels} channels)`,
      );
    }
    const fps = probe.frameRate;
    if (fps !== null && v.maxFps !== undefined && fps > v.maxFps + 0.5)
      add(
        'fps',
        `${name} takes videos of at most ${v.maxFps} frames a second (this one is ${Math.round(fps)})`,
      );
    if (fps !== null && v.minFps !== undefined && fps < v.minFps - 0.5)
      add(
        'fps',
        `${name} takes videos of at least ${v.minFps} frames a second (this one is ${Math.round(fps)})`,
      );
    if (w && h) {
      if (v.aspect && (w / h < v.aspect.min - 0.005 || w / h > v.aspect.max + 0.005))
        add(
          'aspect',
          `${name} takes videos ${v.aspect.words} (this one is ${ratioWords(w, h)}, ${w}x${h})`,
        );
      if (v.minSize && (w < v.minSize.width || h < v.minSize.height))
        add(
          'dimensions',
          `${name} takes videos of at least ${v.minSize.width}x${v.minSize.height} (this one is ${w}x${h})`,
        );
      if (v.maxSizes && !v.maxSizes.some((box) => w <= box.width && h <= box.height)) {
        add(
          'dimensions',
          `${name} takes videos of at most ${v.maxSizes.map((b) => `${b.width}x${b.height}`).join(' or ')} (this one is ${w}x${h})`,
        );
      }
    }
  }
  if (probe.kind === 'image' && rules.image && w && h) {
    const i = rules.image;
    if (
      (i.maxWidth !== undefined && w > i.maxWidth) ||
      (i.maxHeight !== undefined && h > i.maxHeight)
    ) {
      add(
        'dimensions',
        `${name} takes images of at most ${i.maxWidth}x${i.maxHeight} (this one is ${w}x${h})`,
        false,
      );
    }
    if (i.maxPixels !== undefined && w * h >= i.maxPixels) {
      add(
        'dimensions',
        `${name} takes images of fewer than ${i.maxPixels.toLocaleString('en-US')} pixels (this one has ${(w * h).toLocaleString('en-US')})`,
        false,
      );
    }
  }
  if (probe.kind === 'gif' && rules.gif) {
    const g = rules.gif;
    if (probe.frames !== null && g.maxFrames !== undefined && probe.frames > g.maxFrames)
      add(
        'frames',
        `${name} takes GIFs of at most ${g.maxFrames} frames (this one has ${probe.frames})`,
        false,
      );
    if (
      w &&
      h &&
      ((g.maxWidth !== undefined && w > g.maxWidth) ||
        (g.maxHeight !== undefined && h > g.maxHeight))
    ) {
      add(
        'dimensions',
        `${name} takes GIFs of at most ${g.maxWidth}x${g.maxHeight} (this one is ${w}x${h})`,
        false,
      );
    }
    if (
      w &&
      h &&
      probe.frames !== null &&
      g.maxTotalPixels !== undefined &&
      w * h * probe.frames > g.maxTotalPixels
    ) {
      add(
        'frames',
        `${name} takes GIFs of at most ${(g.maxTotalPixels / 1e6).toLocaleString('en-US')} million pixels over all frames (this one has ${Math.round((w * h * probe.frames) / 1e6).toLocaleString('en-US')} million)`,
        false,
      );
    }
  }
  return problems;
}

/**
 * What `target` refuses in a post's whole set of media: each file's own problems (with its index), and what
 * the set breaks (too many images, a video beside images), from the count rules the publishers run.
 */
export function checkMediaSetForChannel(
  probes: readonly MediaProbe[],
  target: MediaTarget,
): { index: number | null; problem: MediaProblem }[] {
  const each: { index: number | null; problem: MediaProblem }[] = probes.flatMap((p, index) =>
    checkMediaForChannel(p, target).map((problem) => ({ index, problem })),
  );
  if (probes.length < 2 || each.some((e) => e.problem.rule === 'type')) return each;
  const all = probes.map((p) => ({ contentType: p.contentType, sizeBytes: p.sizeBytes }));
  const set =
    target === 'x'
      ? xMediaProblem(all)
      : target === 'linkedin'
        ? linkedinMediaRefusal(all)
        : target === 'reddit'
          ? redditMediaProblem(all)
          : youtubeVideoProblem({ title: 'x', description: '', tags: [] }, all);
  if (set && set.code === 'invalid_content' && !each.some((e) => e.problem.message === set.message))
    each.unshift({
      index: null,
      problem: { target, rule: 'count', message: set.message, fix: null },
    });
  return each;
}

/** YouTube is checked as a Short when its title or description says #Shorts, as YouTube reads it. */
export function youtubeTarget(text: string): 'youtube' | 'youtube-shorts' {
  return /#shorts\b/i.test(text) ? 'youtube-shorts' : 'youtube';
}
