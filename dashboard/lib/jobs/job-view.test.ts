import { describe, expect, it } from 'vitest';
import { VIDEO_PROGRESS_TIMING } from '@core/constants';
import { toGeneration, type Generation } from '@core/data/generation';
import type { Job } from '@core/data/job';
import { toJobView, type JobViewInputs } from './job-view';

const created = new Date('2026-01-01T10:00:00Z');
const job = (over: Partial<Job> = {}): Job => ({
  id: 'j1',
  kind: 'video',
  status: 'running',
  progress: 0,
  statusText: 'Dreaming up your video',
  error: null,
  generationId: null,
  input: { prompt: 'a fox' },
  createdAt: created,
  ...over,
});
const record = (over: Record<string, unknown> = {}): Generation =>
  toGeneration('j1', {
    type: 'video',
    title: 'Waves',
    prompt: 'Waves at dawn',
    originalUrl: 'https://x/v.mp4',
    thumbnailUrl: 'https://x/p.png',
    contentType: 'video/mp4',
    ...over,
  });

// A media page (video, voiceover, music): timed progress, its own failure text.
const media = (over: Partial<JobViewInputs>): JobViewInputs => ({
  submitting: null,
  submitError: null,
  job: null,
  record: null,
  now: created.getTime(),
  timing: VIDEO_PROGRESS_TIMING,
  fallbackError: 'Failed to generate video',
  loadingText: 'Loading your file',
  ...over,
});
// The image page: the provider's own progress, 'Generation failed' as the heading of other failures.
const image = (over: Partial<JobViewInputs>): JobViewInputs => ({
  ...media({
    timing: null,
    fallbackError: 'Generation failed',
    failedTitle: 'Generation failed',
    loadingText: 'Loading your image',
    record: undefined,
  }),
  ...over,
});

describe('toJobView on a media page', () => {
  it('is empty with no job, and starting while startJob runs', () => {
    expect(toJobView(media({}))).toEqual({ kind: 'empty' });
    expect(toJobView(media({ submitting: { statusText: 'Starting' } }))).toEqual({
      kind: 'running',
      statusText: 'Starting',
      progress: 0,
      canCancel: false,
    });
  });

  it.each([
    [0, 0, 0],
    [9_000, 0, 15],
    [9_000, 40, 40],
    [600_000, 0, 95],
    [600_000, 99, 95],
  ])(
    'a running video %i ms after it was created with job progress %i shows %i (+5 every 3 s, cap 95)',
    (elapsed, progress, shown) => {
      expect(
        toJobView(media({ job: job({ progress }), now: created.getTime() + elapsed })),
      ).toMatchObject({ kind: 'running', progress: shown, canCancel: true });
    },
  );

  it('shows the job figure alone without a timing', () => {
    expect(
      toJobView(
        media({ job: job({ progress: 50 }), timing: null, now: created.getTime() + 60_000 }),
      ),
    ).toMatchObject({ progress: 50 });
  });

  it('shows the record of a succeeded job, loading until it arrives', () => {
    const done = job({ status: 'succeeded', progress: 100, generationId: 'j1' });
    expect(toJobView(media({ job: done, record: undefined }))).toEqual({
      kind: 'running',
      statusText: 'Loading your file',
      progress: 100,
      canCancel: false,
    });
    expect(toJobView(media({ job: done, record: record() }))).toEqual({
      kind: 'result',
      url: 'https://x/v.mp4',
      posterUrl: 'https://x/p.png',
      title: 'Waves',
      prompt: 'Waves at dawn',
    });
    expect(toJobView(media({ job: done, record: null }))).toEqual({ kind: 'empty' });
  });

  it('has no poster when the thumbnail is the file itself (audio)', () => {
    const done = job({ status: 'succeeded', generationId: 'j1' });
    expect(
      toJobView(
        media({
          job: done,
          record: record({
            type: 'audio',
            originalUrl: 'https://x/a.mp3',
            thumbnailUrl: 'https://x/a.mp3',
          }),
        }),
      ),
    ).toMatchObject({ url: 'https://x/a.mp3', posterUrl: null });
  });

  it.each([
    [
      { code: 'provider_error', message: 'Failed to generate video: too dark' },
      'Failed to generate video: too dark',
      false,
    ],
    [
      {
        code: 'invalid_key',
        message: 'Failed to generate video: Luma did not accept your API key.',
      },
      'Failed to generate video: Luma did not accept your API key.',
      true,
    ],
    [{ code: 'missing_key', message: 'Luma API key not found.' }, 'Luma API key not found.', true],
    // The code decides, never the words: a message that names Integrations under another code does not link there.
    [
      { code: 'provider_error', message: 'Check the Integrations page' },
      'Check the Integrations page',
      false,
    ],
    [{ code: 'internal', message: '' }, 'Failed to generate video', false],
  ])('a failed job shows its message (%j)', (error, message, needsIntegrations) => {
    expect(toJobView(media({ job: job({ status: 'failed', error }) }))).toEqual({
      kind: 'error',
      title: null,
      message,
      needsIntegrations,
    });
  });

  it('shows a refused start and a cancelled job', () => {
    expect(
      toJobView(
        media({ submitError: { message: 'Luma API key not found.', needsIntegrations: true } }),
      ),
    ).toEqual({
      kind: 'error',
      title: null,
      message: 'Luma API key not found.',
      needsIntegrations: true,
    });
    expect(toJobView(media({ job: job({ status: 'cancelled' }) }))).toEqual({ kind: 'cancelled' });
  });
});

describe('toJobView on the image page', () => {
  const img = (patch: Partial<Job>) =>
    job({ kind: 'image', status: 'queued', statusText: '', ...patch });
  const picture = record({
    type: 'image',
    originalUrl: 'https://files/fox.png',
    thumbnailUrl: 'https://files/fox-thumb.png',
    prompt: 'a fox in snow',
  });

  it.each<[string, Partial<JobViewInputs>, ReturnType<typeof toJobView>]>([
    [
      'uploading before the job exists',
      { submitting: { statusText: 'Uploading your image' } },
      { kind: 'running', statusText: 'Uploading your image', progress: 0, canCancel: false },
    ],
    [
      'a queued job',
      { job: img({ status: 'queued' }) },
      { kind: 'running', statusText: 'Queued', progress: 0, canCancel: true },
    ],
    [
      'a running job with its status line',
      { job: img({ status: 'running', statusText: 'Generating', progress: 42.4 }) },
      { kind: 'running', statusText: 'Generating', progress: 42, canCancel: true },
    ],
    [
      'a progress figure out of range',
      { job: img({ status: 'running', statusText: 'Saving', progress: 140 }) },
      { kind: 'running', statusText: 'Saving', progress: 100, canCancel: true },
    ],
    [
      'a succeeded job whose record is loading',
      { job: img({ status: 'succeeded', generationId: 'j1' }) },
      { kind: 'running', statusText: 'Loading your image', progress: 100, canCancel: false },
    ],
    [
      'a succeeded job whose record was deleted',
      { job: img({ status: 'succeeded', generationId: 'j1' }), record: null },
      { kind: 'empty' },
    ],
    [
      'a failed job with the provider status Error',
      {
        job: img({
          status: 'failed',
          error: { code: 'provider_error', message: 'Generation failed' },
        }),
      },
      { kind: 'error', title: null, message: 'Generation failed', needsIntegrations: false },
    ],
    [
      'a failed job with no message',
      { job: img({ status: 'failed', error: null }) },
      { kind: 'error', title: null, message: 'Generation failed', needsIntegrations: false },
    ],
    [
      'a missing key, which links to Integrations',
      {
        job: img({
          status: 'failed',
          error: {
            code: 'missing_key',
            message:
              'BlackForest API key not found. Please add your API key in the Integrations page.',
          },
        }),
      },
      {
        kind: 'error',
        title: 'Generation failed',
        message: 'BlackForest API key not found. Please add your API key in the Integrations page.',
        needsIntegrations: true,
      },
    ],
    [
      'a provider Error with its own text, under the Generation failed title',
      {
        job: img({
          status: 'failed',
          error: { code: 'provider_error', message: 'Sandbox generation error' },
        }),
      },
      {
        kind: 'error',
        title: 'Generation failed',
        message: 'Sandbox generation error',
        needsIntegrations: false,
      },
    ],
  ])('%s', (_name, patch, expected) => {
    expect(toJobView(image(patch))).toEqual(expected);
  });

  it('shows the image of a succeeded job', () => {
    expect(
      toJobView(image({ job: img({ status: 'succeeded', generationId: 'j1' }), record: picture })),
    ).toMatchObject({ kind: 'result', url: 'https://files/fox.png', prompt: 'a fox in snow' });
  });

  it('shows a new submit over the previous result', () => {
    expect(
      toJobView(
        image({
          submitting: { statusText: 'Starting' },
          job: img({ status: 'succeeded' }),
          record: picture,
        }),
      ).kind,
    ).toBe('running');
  });

  it('falls back to the thumbnail and to the job prompt', () => {
    const bare = record({
      type: 'image',
      originalUrl: null,
      thumbnailUrl: 'https://t',
      prompt: '',
    });
    expect(
      toJobView(image({ job: img({ status: 'succeeded', generationId: 'j1' }), record: bare })),
    ).toMatchObject({ kind: 'result', url: 'https://t', prompt: 'a fox' });
  });
});
