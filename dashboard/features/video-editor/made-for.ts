import { atom } from 'jotai';
import type { ProjectSettings } from '@core/editor/model';

// The channel a project opened from a composer's preset link was made for (core/editor/fix-link.ts): the
// project settings say "Preset: YouTube Shorts" while the settings are still that preset's. Not saved with
// the project: it is what this session was opened for, not part of the video.

export interface MadeFor {
  /** The channel's name, e.g. YouTube Shorts. */
  channel: string;
  settings: ProjectSettings;
}

export const madeForAtom = atom<MadeFor | null>(null);

const sameSettings = (a: ProjectSettings, b: ProjectSettings) =>
  a.aspectRatio === b.aspectRatio &&
  a.resolution.width === b.resolution.width &&
  a.resolution.height === b.resolution.height &&
  a.fps === b.fps &&
  a.format === b.format &&
  a.quality === b.quality;

/** The channel to name beside the settings, or null once any setting differs from its preset. */
export function madeForShown(madeFor: MadeFor | null, settings: ProjectSettings): string | null {
  return madeFor && sameSettings(madeFor.settings, settings) ? madeFor.channel : null;
}
