import { describe, expect, it } from 'vitest';
import { formatEta, renderBanner, renderEta } from './render-banner';

describe('renderBanner', () => {
  it.each([
    ['processing', null, null, 'Your video is being rendered...', 'info'],
    ['completed', null, null, 'Your video is ready to download!', 'success'],
    [
      'failed',
      'Render cancelled',
      'cancelled',
      'Render cancelled. Render again when you are ready.',
      'neutral',
    ],
    ['failed', 'Out of memory', null, 'Render failed: Out of memory', 'error'],
    ['failed', null, null, 'Render failed: Unknown error', 'error'],
    ['failed', '', null, 'Render failed: Unknown error', 'error'],
    ['queued', null, null, 'Preparing to render your video...', 'info'],
  ])('%s (error %s, code %s) reads "%s"', (status, error, errorCode, text, tone) => {
    expect(renderBanner({ status, error, errorCode })).toEqual({ text, tone });
  });
});

describe('renderEta', () => {
  it('projects the pace so far onto what is left, once the pace means something', () => {
    expect(renderEta(10_000, 0.25)).toBe(30);
    expect(renderEta(1000, 0.5)).toBeNull();
    expect(renderEta(10_000, 0.01)).toBeNull();
    expect(renderEta(10_000, 1)).toBeNull();
  });

  it('reads as seconds under a minute (in steps of 5), else minutes', () => {
    expect([formatEta(2), formatEta(31), formatEta(59), formatEta(150)]).toEqual([
      'about 5 s left',
      'about 35 s left',
      'about 1 min left',
      'about 3 min left',
    ]);
  });
});
