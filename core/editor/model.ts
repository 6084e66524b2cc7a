import { z } from 'zod';
import { EASINGS, KEYFRAME_PROP_DEFS } from './keyframes';
import { MAX_MARKERS, markerSchema } from './markers';
import { TRANSITION_KINDS } from './transitions';
import {
  ASPECT_RATIOS,
  CLIP_DURATION,
  DEFAULT_PROJECT_TITLE,
  VIDEO_FORMATS,
  VIDEO_FPS,
  VIDEO_FPS_CHOICES,
  VIDEO_QUALITIES,
  VIDEO_SIZES,
} from '../constants';

// The video editor's data, shared by the dashboard (editing, preview, in-browser render), the rules
// and the functions: timeline items, project settings, video projects and render jobs.
// Times are seconds. A project saved before tracks existed has no `track` on its items: its visual clips
// (video, image, title) run back to back from 0 on the main track and its audio clips back to back on the
// first audio track (the editor migrates it on read). Newer items name their track and sit at a whole
// frame of the project's frame rate; `in_point` is where the clip starts in its source.

export const aspectRatioIds = ASPECT_RATIOS.map((a) => a.id) as unknown as readonly [
  '16:9',
  '1:1',
  '4:5',
  '9:16',
];
export type AspectRatioId = (typeof ASPECT_RATIOS)[number]['id'];
export type VideoSizeId = (typeof VIDEO_SIZES)[number]['id'];

/**
 * The width and height of a frame of `aspect` whose shorter side is the size's (the longer side rounded to
 * an even number, as H.264 and VP9 encoders want): 16:9 at 2160p is 3840x2160, 4:5 at 1080p is 1080x1350.
 */
export function resolutionFor(
  aspect: AspectRatioId,
  size: VideoSizeId,
): { width: number; height: number } {
  const ratio = ASPECT_RATIOS.find((a) => a.id === aspect) ?? ASPECT_RATIOS[0];
  const short = (VIDEO_SIZES.find((s) => s.id === size) ?? VIDEO_SIZES[1]).short;
  const base = Math.min(ratio.width, ratio.height);
  const long = Math.round((Math.max(ratio.width, ratio.height) * short) / base / 2) * 2;
  return ratio.width >= ratio.height
    ? { width: long, height: short }
    : { width: short, height: long };
}

/** The size class of a stored resolution: the one nearest its shorter side (1920x1080 is 1080p, 720x1280 is 720p). */
export function sizeOf(resolution: { width: number; height: number }): VideoSizeId {
  const short = Math.min(resolution.width, resolution.height);
  return VIDEO_SIZES.reduce((best, s) =>
    Math.abs(s.short - short) < Math.abs(best.short - short) ? s : best,
  ).id;
}
export const videoFormatIds = VIDEO_FORMATS.map((f) => f.id) as unknown as readonly [
  'mp4',
  'mov',
  'webm',
];
export type VideoFormat = (typeof VIDEO_FORMATS)[number]['id'];
export type VideoQuality = (typeof VIDEO_QUALITIES)[number];

/** A clip's playback speed: its range and the inspector's presets (1 = as recorded). */
export const CLIP_SPEED = { min: 0.25, max: 4, presets: [0.25, 0.5, 1, 1.5, 2, 4] } as const;

const seconds = z.number().finite().min(0);
/**
 * One keyframe: `frame` is a whole frame of the clip's source, counted like the in-point (0 is the clip's
 * first frame as made), so trims and splits keep it at its moment; `easing` shapes the way to the next one.
 */
const keyframe = (min: number, max: number) =>
  z.strictObject({
    frame: z.number().int().min(0).max(1_000_000),
    value: z.number().finite().min(min).max(max),
    easing: z.enum(EASINGS),
    /** A Bezier easing's control points (CSS cubic-bezier: x1, y1, x2, y2; x within 0..1). */
    bezier: z
      .tuple([
        z.number().min(0).max(1),
        z.number().finite(),
        z.number().min(0).max(1),
        z.number().finite(),
      ])
      .optional(),
  });
const keyframeList = (p: keyof typeof KEYFRAME_PROP_DEFS) =>
  z.array(keyframe(KEYFRAME_PROP_DEFS[p].min, KEYFRAME_PROP_DEFS[p].max)).max(200).optional();
// One frame at 60 fps is shorter than the list editor's 0.1 s minimum; a trimmed or split clip may be that short.
const clipDuration = z.number().finite().positive().max(CLIP_DURATION.maxOnTimeline);
/** Placement on the multi-track timeline (all optional: absent on projects saved by the list editor). */
const placement = {
  track: z.enum(['main', 'overlay-1', 'overlay-2', 'caption', 'audio-1', 'audio-2']).optional(),
  in_point: seconds.optional(),
  source_duration: z.number().finite().positive().optional(),
  /**
   * Playback speed of a clip with video or sound (absent = 1): the clip plays `duration * speed` seconds of
   * its source from its in-point, with the pitch kept.
   */
  speed: z.number().finite().min(CLIP_SPEED.min).max(CLIP_SPEED.max).optional(),
  /** Clip gain in dB (0 = as recorded). */
  gain_db: z.number().finite().min(-60).max(12).optional(),
  /** Fade-in and fade-out of the clip's sound in seconds (absent = none): the gain ramps from silence. */
  fade_in: seconds.optional(),
  fade_out: seconds.optional(),
  /**
   * The transition at this clip's left edge, from the main-track clip that ends where it starts (absent = a
   * hard cut): `duration` in seconds (whole frames), centred on the cut.
   */
  transition_in: z
    .strictObject({ kind: z.enum(TRANSITION_KINDS), duration: z.number().finite().positive() })
    .optional(),
  /**
   * Keyframes per property (absent = the property's neutral value throughout; core/editor/keyframes.ts
   * has the units): position, scale, rotation and opacity of a picture, volume (dB) of a clip with sound.
   */
  keyframes: z
    .strictObject({
      x: keyframeList('x'),
      y: keyframeList('y'),
      scale: keyframeList('scale'),
      rotation: keyframeList('rotation'),
      opacity: keyframeList('opacity'),
      volume: keyframeList('volume'),
    })
    .optional(),
};
export type TransitionKind = (typeof TRANSITION_KINDS)[number];
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** Media clips point at a file in the user's Storage (download URL) and, when known, its library record. */
const mediaSettings = z.strictObject({
  url: z.string().url(),
  storagePath: z.string().max(1024).optional(),
  generationId: z.string().max(128).optional(),
  /** For display in the timeline. */
  name: z.string().max(200).optional(),
});

export const timelineItemSchema = z.discriminatedUnion('type', [
  z.strictObject({
    id: z.string().min(1).max(64),
    type: z.literal('video'),
    /** muted: the clip's own sound is left out of preview and render (absent = plays). */
    settings: mediaSettings.extend({ muted: z.boolean().optional() }),
    start_time: seconds,
    duration: clipDuration,
    ...placement,
  }),
  z.strictObject({
    id: z.string().min(1).max(64),
    type: z.literal('image'),
    settings: mediaSettings,
    start_time: seconds,
    duration: clipDuration,
    ...placement,
  }),
  z.strictObject({
    id: z.string().min(1).max(64),
    type: z.literal('title'),
    settings: z.strictObject({
      text: z.string().max(500),
      fontSize: z.number().int().min(8).max(400),
      color: hexColor,
      /**
       * A caption cue's words (a title on the caption track made by Transcribe): drawn at the bottom with the
       * spoken word highlighted. Times are seconds of the clip's source, like a video's: 0 is the cue's first
       * frame as made, so a trim or split keeps each word at its moment.
       */
      words: z
        .array(z.strictObject({ text: z.string().max(100), start: seconds, end: seconds }))
        .max(200)
        .optional(),
    }),
    start_time: seconds,
    duration: clipDuration,
    ...placement,
  }),
  z.strictObject({
    id: z.string().min(1).max(64),
    type: z.literal('audio'),
    settings: mediaSettings.extend({ volume: z.number().min(0).max(1).default(1) }),
    start_time: seconds,
    duration: clipDuration,
    ...placement,
  }),
]);
export type TimelineItem = z.infer<typeof timelineItemSchema>;
export type VisualItem = Extract<TimelineItem, { type: 'video' | 'image' | 'title' }>;
export type AudioItem = Extract<TimelineItem, { type: 'audio' }>;
export type VideoItem = Extract<TimelineItem, { type: 'video' }>;

/**
 * How the caption track looks (one look for every cue, so a new transcription matches the rest):
 * `box` is the dark box with the spoken word in yellow (what projects saved before styles show),
 * `karaoke` bold outlined words with the spoken one bigger and green, `subtitle` plain outlined text with
 * no highlight. draw-caption.ts in the editor paints them, for the preview and the export alike.
 */
export const CAPTION_PRESETS = ['box', 'karaoke', 'subtitle'] as const;
export const CAPTION_POSITIONS = ['top', 'middle', 'bottom'] as const;
export const CAPTION_SIZES = ['small', 'medium', 'large'] as const;
export const captionStyleSchema = z.strictObject({
  preset: z.enum(CAPTION_PRESETS),
  position: z.enum(CAPTION_POSITIONS),
  size: z.enum(CAPTION_SIZES),
});
export type CaptionStyle = z.infer<typeof captionStyleSchema>;
export type CaptionPreset = CaptionStyle['preset'];
/** The look of a project saved without `captionStyle`: the one captions had before styles. */
export const DEFAULT_CAPTION_STYLE: CaptionStyle = {
  preset: 'box',
  position: 'bottom',
  size: 'medium',
};

/**
 * The nearest of the frame rates a project may use (VIDEO_FPS_CHOICES, as firestore.rules accepts); halfway
 * between two, the higher. A project saved with another rate (29 from an older build, 29.97) opens at it.
 */
export function nearestFps(fps: number): number {
  return VIDEO_FPS_CHOICES.reduce<number>(
    (best, c) => (Math.abs(c - fps) <= Math.abs(best - fps) ? c : best),
    VIDEO_FPS_CHOICES[0],
  );
}

export const projectSettingsSchema = z.strictObject({
  aspectRatio: z.enum(aspectRatioIds),
  resolution: z.strictObject({
    width: z.number().int().positive().max(4096),
    height: z.number().int().positive().max(4096),
  }),
  /** One of VIDEO_FPS_CHOICES: any other rate read is rounded to the nearest of them (nearestFps). */
  fps: z.number().finite().positive().transform(nearestFps),
  format: z.enum(videoFormatIds),
  quality: z.enum(VIDEO_QUALITIES),
  /** Per-track mute and solo, by track id (absent = every track plays). */
  trackMix: z
    .record(
      z.string().max(32),
      z.strictObject({ muted: z.boolean().optional(), solo: z.boolean().optional() }),
    )
    .optional(),
  /** The caption track's look (absent = DEFAULT_CAPTION_STYLE). */
  captionStyle: captionStyleSchema.optional(),
  /**
   * Timeline markers by frame (core/editor/markers.ts; absent = none). The editor keeps them here; a saved
   * project stores them encoded in `settings.markers` beside the timeline (see VideoProjectDoc).
   */
  markers: z.array(markerSchema).max(MAX_MARKERS).optional(),
});
export type ProjectSettings = z.infer<typeof projectSettingsSchema>;

export const defaultProjectSettings: ProjectSettings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: VIDEO_FPS,
  format: 'mp4',
  quality: 'high',
};

/**
 * users/{uid}/videoProjects/{id}. `settings` holds the timeline, the project settings (without markers) and,
 * when there are any, the markers, each encoded by encodeMarker (core/editor/markers.ts).
 */
export interface VideoProjectDoc<T = unknown> {
  title: string;
  settings: {
    timelineItems: TimelineItem[];
    project: Omit<ProjectSettings, 'markers'>;
    markers?: string[];
  };
  /** Download URL of the first visual clip, for the project list. */
  thumbnailUrl?: string;
  createdAt: T;
  updatedAt: T;
}

export const videoProjectContentSchema = z.strictObject({
  title: z.string().trim().min(1).max(200).catch(DEFAULT_PROJECT_TITLE),
  settings: z.strictObject({
    timelineItems: z.array(timelineItemSchema).max(500),
    project: projectSettingsSchema,
    markers: z.array(z.string()).max(MAX_MARKERS).optional(),
  }),
});

export const renderStatuses = ['processing', 'completed', 'failed'] as const;
export type RenderStatus = (typeof renderStatuses)[number];

/** users/{uid}/renderJobs/{id}: the browser renders and reports on its own job (rules allow exactly this). */
export interface RenderJobDoc<T = unknown> {
  projectId: string;
  status: RenderStatus;
  /** 0..100 while processing. */
  progress?: number;
  outputUrl?: string;
  outputPath?: string;
  error?: { message: string } | null;
  createdAt: T;
  updatedAt: T;
}
