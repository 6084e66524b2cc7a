import { describe, expect, it } from 'vitest';
import { videoProjectSchema } from '../data/video-project';
import { projectSettingsSchema, type ProjectSettings, type TimelineItem } from './model';

const settings: ProjectSettings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
};
const clip: TimelineItem = {
  id: 'a',
  type: 'image',
  settings: { url: 'https://x.test/a.png' },
  start_time: 0,
  duration: 10,
  track: 'main',
};

describe('frame rates', () => {
  it('the settings take only the five rates, any other rate read as the nearest of them', () => {
    const fps = (v: unknown) => projectSettingsSchema.safeParse({ ...settings, fps: v }).data?.fps;
    expect([24, 25, 30, 50, 60].map(fps)).toEqual([24, 25, 30, 50, 60]);
    expect([29, 29.97, 26, 27, 40, 49, 55, 59, 120].map(fps)).toEqual([
      30, 30, 25, 25, 50, 50, 60, 60, 60,
    ]);
    expect(fps('30')).toBeUndefined();
    expect(fps(-1)).toBeUndefined();
  });

  it('a project saved at 49 fps by an older build opens at 50 fps with its other settings', () => {
    const old = {
      ...settings,
      aspectRatio: '9:16',
      resolution: { width: 1080, height: 1920 },
      fps: 49,
    };
    const opened = videoProjectSchema.parse({
      title: 'Reel',
      settings: { timelineItems: [clip], project: old },
      updatedAt: null,
    });
    expect(opened.settings).toEqual({ ...old, fps: 50 });
  });
});
