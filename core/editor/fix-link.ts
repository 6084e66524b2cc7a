import { EXPORT_PRESET_FPS, exportPresets, isExportPresetId, type ExportPresetId } from '../platforms/media-rules';
import { paths } from '../routes';
import type { ProjectSettings } from './model';

// "Fix in editor": a composer's link to /create/editor that opens a new project with the refused file on the
// main track and the channel's export preset as its settings. The composers build it; the editor reads it.

export interface EditorFix {
  preset: ExportPresetId;
  /** The file's download URL, its name and library id, and its length when the probe read it. */
  url: string;
  name: string;
  generationId: string;
  durationSeconds: number | null;
}

export function editorFixHref(fix: EditorFix): string {
  const params = new URLSearchParams({ preset: fix.preset, media: fix.url, name: fix.name, generation: fix.generationId });
  if (fix.durationSeconds !== null) params.set('duration', String(Math.round(fix.durationSeconds * 1000) / 1000));
  return `${paths.createEditor}?${params.toString()}`;
}

/** The fix an editor address asks for, or null (no preset, an unknown one, or a media URL that is not http(s)). */
export function readEditorFix(params: URLSearchParams): EditorFix | null {
  const preset = params.get('preset');
  if (!isExportPresetId(preset)) return null;
  const url = params.get('media') ?? '';
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) return null;
  const duration = Number(params.get('duration'));
  return {
    preset,
    url,
    name: (params.get('name') ?? '').slice(0, 200),
    generationId: (params.get('generation') ?? '').slice(0, 128),
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
  };
}

/** The project settings of a preset: its shape and size, 30 fps, H.264 MP4 at high quality. */
export function presetSettings(preset: ExportPresetId): ProjectSettings {
  const p = exportPresets[preset];
  return { aspectRatio: p.aspectRatio, resolution: { width: p.width, height: p.height }, fps: EXPORT_PRESET_FPS, format: 'mp4', quality: 'high' };
}
