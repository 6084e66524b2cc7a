// Business constants (limits, timings, defaults). One source for every runtime.

export const TOAST = {
  limit: 1,
  durationMs: 5000,
  removeDelayMs: 1_000_000,
  swipeDirection: 'right',
  swipeThreshold: 50,
  hotkey: 'F8',
} as const;

export const THEME_STORAGE_KEY = 'vite-ui-theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';

export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR = {
  width: '16rem',
  widthMobile: '18rem',
  widthIcon: '3rem',
  cookieName: 'sidebar:state',
  cookieMaxAgeSeconds: 604_800,
  shortcutKey: 'b',
} as const;

export const DEFAULT_OTP_TYPE = 'email';
export const DASHBOARD_RECENT_PROJECTS = 4;
export const LIBRARY_SKELETONS = 6;
export const WEEKLY_GOALS = { contentCreated: 24, contentTarget: 30, engagementRate: 68 } as const;

export const IMAGE = {
  pollIntervalMs: 3000,
  pollMaxDurationMs: 60_000,
  pollRetries: 3,
  minSize: 512,
  maxSize: 2048,
  sizeStep: 64,
  defaultWidth: 1024,
  defaultHeight: 768,
  minSteps: 20,
  maxSteps: 50,
  defaultSteps: 40,
  defaultGuidance: 2.5,
  defaultModel: 'flux-pro-1.1',
  downloadNameChars: 30,
} as const;

export const RECENT_GALLERY_ITEMS = 4;
export const TITLE_TRUNCATION = 50;

export const VIDEO_PROGRESS = { step: 5, everyMs: 3000, cap: 95 } as const;
export const MUSIC = {
  progressStep: 10,
  progressEveryMs: 1000,
  minDuration: 15,
  maxDuration: 120,
  defaultDuration: 30,
} as const;
export const PROMPT_HELPER_DELAY_MS = 1500;
export const PROGRESS_MAX = 100;

export const PLANS = [
  {
    id: 'free',
    name: 'Free Plan',
    price: 0,
    period: 'forever',
    dailyGenerations: 5 as number | null,
    apiAccess: false,
  },
  {
    id: 'plus',
    name: 'Plus Plan',
    price: 300,
    period: 'year',
    dailyGenerations: 100 as number | null,
    apiAccess: false,
  },
  {
    id: 'pro',
    name: 'Pro Plan',
    price: 500,
    period: 'year',
    dailyGenerations: null as number | null,
    apiAccess: true,
  },
] as const;

export const ASPECT_RATIOS = [
  { id: '16:9', label: 'Landscape', width: 1920, height: 1080, usage: 'YouTube, TV' },
  { id: '1:1', label: 'Square', width: 1080, height: 1080, usage: 'Instagram, Facebook, LinkedIn' },
  {
    id: '4:5',
    label: 'Feed portrait',
    width: 1080,
    height: 1350,
    usage: 'Instagram, Facebook and LinkedIn feeds',
  },
  {
    id: '9:16',
    label: 'Portrait',
    width: 1080,
    height: 1920,
    usage: 'YouTube Shorts, Reels, TikTok',
  },
] as const;
/**
 * Export sizes by the frame's shorter side (the width and height at 1080p are ASPECT_RATIOS'; the rules cap
 * either side at 4096, which 4K of every ratio above stays under).
 */
export const VIDEO_SIZES = [
  { id: '720p', label: '720p', short: 720 },
  { id: '1080p', label: '1080p', short: 1080 },
  { id: '1440p', label: '1440p', short: 1440 },
  { id: '2160p', label: '4K (2160p)', short: 2160 },
] as const;
export const VIDEO_FORMATS = [
  { id: 'mp4', label: 'MP4 (H.264)' },
  { id: 'mov', label: 'MOV (ProRes)' },
  { id: 'webm', label: 'WebM (VP9)' },
] as const;
export const VIDEO_QUALITIES = ['high', 'medium', 'low'] as const;
export const VIDEO_FPS = 30;
/**
 * The frame rates a project may use (the multi-track editor counts positions in whole frames of it): the
 * project settings offer these, firestore.rules accepts exactly these, and core/editor/model.ts rounds any
 * other rate it reads to the nearest of them.
 */
export const VIDEO_FPS_CHOICES = [24, 25, 30, 50, 60] as const;
export const NEW_CLIP_DURATIONS = { video: 10, image: 5, title: 3, audio: 10 } as const;
export const TITLE_DEFAULTS = {
  text: 'New Title',
  fontSize: 32,
  color: '#ffffff',
  font: 'Arial',
  padding: 16,
  boxColor: 'rgba(0, 0, 0, 0.5)',
} as const;
/** Captions from Transcribe: size in pixels of a 1080-side frame, lines, the spoken word's colour, bottom margin (share of the height). */
export const CAPTION_STYLE = {
  fontSize: 56,
  color: '#ffffff',
  highlight: '#facc15',
  maxCharsPerLine: 32,
  maxLines: 2,
  bottomMargin: 0.08,
  boxColor: 'rgba(0, 0, 0, 0.6)',
} as const;
export const CLIP_DURATION = { min: 0.1, max: 30, step: 0.1, maxOnTimeline: 4 * 3600 } as const;
export const DEFAULT_PROJECT_TITLE = 'Untitled Project';
export const RENDER_POLL_MS = 3000;

export const RECENT_POSTS = { limit: 5, staleMs: 60_000 } as const;
/** How far ahead a post (or a YouTube Publish Time) may be scheduled: a mistyped year (9999) is refused, not kept for ever. */
export const SCHEDULE_MAX_AHEAD_DAYS = 365;
export const VIDEO_VISIBILITY = ['private', 'unlisted', 'public'] as const;
export const FEEDBACK_DIALOG_WIDTH_PX = 425;
export const FEEDBACK_MAX_CHARS = 5000;

/** The default AI text model; core/ai-models.ts keeps the default of every provider. */
export { DEFAULT_TEXT_MODEL as DEFAULT_AI_TEXT_MODEL } from './ai-models';

export const STYLE_OPTIONS = {
  image: ['photorealistic', 'anime', 'digital-art', 'oil-painting', 'watercolor', '3d-render'],
  video: ['cinematic', 'anime', '3d', 'realistic'],
  music: ['ambient', 'electronic', 'rock', 'classical', 'jazz'],
} as const;

export const TOOLTIP_DELAYS = { delayMs: 700, skipMs: 300, sidebarDelayMs: 0 } as const;

/** ElevenLabs' premade voices, offered until the user's own voice list (core/ai-models.ts) has loaded. */
export const VOICES = [
  { id: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel' },
  { id: 'AZnzlk1XvdvUeBnXmlld', name: 'Domi' },
  { id: 'EXAVITQu4vr4xnSDxMaL', name: 'Sarah' },
  { id: 'ErXwobaYiN019PkySvjV', name: 'Antoni' },
  { id: 'MF3mGyEYCl7XYWbV9V6O', name: 'Elli' },
  { id: 'TxGEqnHWrfWFTfGW9XjX', name: 'Josh' },
  { id: 'VR6AewLTigWG4xSOukaG', name: 'Arnold' },
  { id: 'pNInz6obpgDQGcFmaJgB', name: 'Adam' },
  { id: 'yoZ06aMxZJJ28mfd3POQ', name: 'Sam' },
] as const;

/** Video jobs: Luma is polled every 3 s (the progress tick) for at most 8 minutes (runJob's timeout is 9). */
export const VIDEO_JOB = {
  model: 'ray-2',
  pollIntervalMs: 3000,
  pollMaxDurationMs: 8 * 60_000,
  pollRetries: 3,
} as const;

/**
 * The timed progress for providers that report none: +step every everyMs, capped.
 * Video: +5 every 3 s to 95; music: +10 a second, held at 95 until the file is saved (then 100).
 */
export function timedProgress(
  elapsedMs: number,
  timing: { step: number; everyMs: number; cap: number },
): number {
  if (!Number.isFinite(elapsedMs) || elapsedMs <= 0) return 0;
  return Math.min(timing.cap, Math.floor(elapsedMs / timing.everyMs) * timing.step);
}
export const MUSIC_PROGRESS = {
  step: MUSIC.progressStep,
  everyMs: MUSIC.progressEveryMs,
  cap: 95,
} as const;
export const VIDEO_PROGRESS_TIMING = {
  step: VIDEO_PROGRESS.step,
  everyMs: VIDEO_PROGRESS.everyMs,
  cap: VIDEO_PROGRESS.cap,
} as const;
