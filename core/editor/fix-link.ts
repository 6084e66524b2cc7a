import {
  EXPORT_PRESET_FPS,
  exportPresets,
  isExportPresetId,
  mediaTargetLabels,
  type ExportPresetId,
  type MediaTarget,
} from '../platforms/media-rules';
import { ownStoragePicture } from '../data/draft';
import { paths } from '../routes';
import type { ProjectSettings } from './model';

// A composer's link to /create/editor that opens a new project in a channel's export preset: "Fix in editor"
// under a refused file and "Edit for <channel>" beside an attached one put that file on the main track;
// "Make a video for <channel>" opens the preset with an empty timeline. The composers build it; the editor reads it.

/** The file to open: its download URL, its name and library id, and its length when the probe read it. */
export interface EditorFixMedia {
  url: string;
  name: string;
  generationId: string;
  durationSeconds: number | null;
}

export interface EditorFix {
  preset: ExportPresetId;
  /** The channel the export is for, when the link names one (the editor says "Preset: YouTube Shorts"). */
  channel: MediaTarget | null;
  media: EditorFixMedia | null;
}

export function editorFixHref(fix: {
  preset: ExportPresetId;
  channel?: MediaTarget | null;
  media?: EditorFixMedia | null;
}): string {
  const params = new URLSearchParams({ preset: fix.preset });
  if (fix.channel) params.set('channel', fix.channel);
  const media = fix.media;
  if (media) {
    params.set('media', media.url);
    params.set('name', media.name);
    params.set('generation', media.generationId);
    if (media.durationSeconds !== null)
      params.set('duration', String(Math.round(media.durationSeconds * 1000) / 1000));
  }
  return `${paths.createEditor}?${params.toString()}`;
}

const isMediaTarget = (value: string | null): value is MediaTarget =>
  value !== null && Object.hasOwn(mediaTargetLabels, value);

/** Whose files a fix link may open: the signed-in user's, on this build's bucket (or its Storage emulator). */
export interface EditorFixOwner {
  uid: string;
  storageBucket: string;
  emulators?: { host: string; storage: number };
}

/**
 * A download URL of one of the user's own files: the project's bucket on production Storage (or the Storage
 * emulator in an emulator build), an object under `{uid}/`. Anything else (another site, another bucket,
 * another user's file) is never fetched into a project.
 */
export function isOwnStorageFile(url: string, owner: EditorFixOwner): boolean {
  const href = ownStoragePicture(url, owner);
  if (!href || !owner.uid) return false;
  const encoded = new URL(href).pathname.slice(`/v0/b/${owner.storageBucket}/o/`.length);
  // One encoded segment: a raw "/" would be another path of the Storage API, not an object.
  if (encoded.includes('/')) return false;
  let object: string;
  try {
    object = decodeURIComponent(encoded);
  } catch {
    return false;
  }
  const [first, ...rest] = object.split('/');
  return (
    first === owner.uid && rest.length > 0 && !rest.some((part) => part === '' || part === '..')
  );
}

/**
 * The fix an editor address asks for, or null: no preset, an unknown one, or media that is not one of the
 * user's own Storage files (the whole link is refused then, not opened without its file). Without `media`
 * it opens the preset alone.
 */
export function readEditorFix(params: URLSearchParams, owner: EditorFixOwner): EditorFix | null {
  const preset = params.get('preset');
  if (!isExportPresetId(preset)) return null;
  const channelParam = params.get('channel');
  const channel = isMediaTarget(channelParam) ? channelParam : null;
  const url = params.get('media');
  if (url === null) return { preset, channel, media: null };
  if (!isOwnStorageFile(url, owner)) return null;
  const duration = Number(params.get('duration'));
  return {
    preset,
    channel,
    media: {
      url,
      name: (params.get('name') ?? '').slice(0, 200),
      generationId: (params.get('generation') ?? '').slice(0, 128),
      durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
    },
  };
}

/** The project settings of a preset: its shape and size, 30 fps, H.264 MP4 at high quality. */
export function presetSettings(preset: ExportPresetId): ProjectSettings {
  const p = exportPresets[preset];
  return {
    aspectRatio: p.aspectRatio,
    resolution: { width: p.width, height: p.height },
    fps: EXPORT_PRESET_FPS,
    format: 'mp4',
    quality: 'high',
  };
}
