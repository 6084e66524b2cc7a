import { describe, expect, it } from 'vitest';
import { renderBanner } from './render-banner';

describe('renderBanner', () => {
  it.each([
    ['processing', null, 'Your video is being rendered...', 'info'],
    ['completed', null, 'Your video is ready to download!', 'success'],
    ['failed', 'Render cancelled', 'Render failed: Render cancelled', 'error'],
    ['failed', null, 'Render failed: Unknown error', 'error'],
    ['failed', '', 'Render failed: Unknown error', 'error'],
    ['queued', null, 'Preparing to render your video...', 'info'],
  ])('%s (error %s) reads "%s"', (status, error, text, tone) => {
    expect(renderBanner({ status, error })).toEqual({ text, tone });
  });
});
