import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { renderTitle, toRenderJob, withStaleness } from './render-jobs';

const at = (iso: string) => Timestamp.fromDate(new Date(iso));
const now = new Date('2026-01-01T12:00:00Z');

describe('toRenderJob', () => {
  it('reads a completed job and clamps progress', () => {
    expect(
      toRenderJob('j', {
        projectId: 'p',
        status: 'completed',
        progress: 140,
        outputUrl: 'https://x/y.mp4',
        outputPath: 'u/renders/y.mp4',
        error: null,
      }),
    ).toMatchObject({
      id: 'j',
      projectId: 'p',
      status: 'completed',
      progress: 100,
      outputUrl: 'https://x/y.mp4',
      error: null,
    });
  });
  it('reads the error message of a failed job', () => {
    expect(
      toRenderJob('j', { status: 'failed', error: { message: 'Out of memory' } }),
    ).toMatchObject({ error: 'Out of memory', errorCode: null });
  });
  it('reads a cancelled job by its error code', () => {
    expect(
      toRenderJob('j', {
        status: 'failed',
        error: { code: 'cancelled', message: 'Render cancelled' },
      }),
    ).toMatchObject({ status: 'failed', error: 'Render cancelled', errorCode: 'cancelled' });
  });
});

describe('withStaleness', () => {
  it.each([
    [
      'a processing job updated a minute ago stays processing',
      'processing',
      '2026-01-01T11:59:00Z',
      'processing',
    ],
    [
      'a processing job silent for 5 minutes reads as failed',
      'processing',
      '2026-01-01T11:55:00Z',
      'failed',
    ],
    ['a completed job is never stale', 'completed', '2026-01-01T01:00:00Z', 'completed'],
  ])('%s', (_n, status, updated, expected) => {
    expect(withStaleness(toRenderJob('j', { status, updatedAt: at(updated) }), now).status).toBe(
      expected,
    );
  });
});

describe('renderTitle', () => {
  it.each([
    ['Trip to the sea', 1, 'Trip to the sea (render 1)'],
    ['  Trip  ', 12, 'Trip (render 12)'],
    ['', 2, 'Untitled project (render 2)'],
  ])('names render %#', (title, n, named) => {
    expect(renderTitle(title, n)).toBe(named);
  });

  it('shortens a long title so the number fits the library title limit', () => {
    const named = renderTitle('x'.repeat(200), 3);
    expect(named).toHaveLength(200);
    expect(named.endsWith(' (render 3)')).toBe(true);
  });
});
