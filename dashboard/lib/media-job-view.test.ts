import { describe, expect, it } from 'vitest';
import { VIDEO_PROGRESS_TIMING } from '@core/constants';
import type { FollowedJob, JobRecord } from './generation-jobs';
import { toMediaJobView, type MediaJobInputs } from './media-job-view';

const created = new Date('2026-01-01T10:00:00Z');
const job = (over: Partial<FollowedJob> = {}): FollowedJob => ({
  id: 'j1',
  kind: 'video',
  status: 'running',
  progress: 0,
  statusText: 'Dreaming up your video',
  error: null,
  generationId: null,
  input: {},
  createdAt: created,
  ...over,
});
const record: JobRecord = { id: 'j1', title: 'Waves', prompt: 'Waves at dawn', originalUrl: 'https://x/v.mp4', thumbnailUrl: 'https://x/p.png', contentType: 'video/mp4', createdAt: created };
const inputs = (over: Partial<MediaJobInputs>): MediaJobInputs => ({ starting: false, startError: null, job: null, record: null, now: created.getTime(), timing: VIDEO_PROGRESS_TIMING, fallbackError: 'Failed to generate video', ...over });

describe('toMediaJobView', () => {
  it('is empty with no job, and starting while startJob runs', () => {
    expect(toMediaJobView(inputs({}))).toEqual({ kind: 'empty' });
    expect(toMediaJobView(inputs({ starting: true }))).toMatchObject({ kind: 'running', canCancel: false, progress: 0 });
  });

  it.each([
    [0, 0, 0],
    [9_000, 0, 15],
    [9_000, 40, 40],
    [600_000, 0, 95],
    [600_000, 99, 95],
  ])('a running video %i ms after it was created with job progress %i shows %i (+5 every 3 s, cap 95)', (elapsed, progress, shown) => {
    expect(toMediaJobView(inputs({ job: job({ progress }), now: created.getTime() + elapsed }))).toMatchObject({ kind: 'running', progress: shown, canCancel: true });
  });

  it('shows the job figure alone without a timing', () => {
    expect(toMediaJobView(inputs({ job: job({ progress: 50 }), timing: null, now: created.getTime() + 60_000 }))).toMatchObject({ progress: 50 });
  });

  it('shows the record of a succeeded job, loading until it arrives', () => {
    const done = job({ status: 'succeeded', progress: 100, generationId: 'j1' });
    expect(toMediaJobView(inputs({ job: done, record: undefined }))).toMatchObject({ kind: 'running', progress: 100 });
    expect(toMediaJobView(inputs({ job: done, record }))).toEqual({ kind: 'result', url: 'https://x/v.mp4', posterUrl: 'https://x/p.png', title: 'Waves', prompt: 'Waves at dawn' });
    expect(toMediaJobView(inputs({ job: done, record: null }))).toEqual({ kind: 'empty' });
  });

  it.each([
    [{ code: 'provider_error', message: 'Failed to generate video: too dark' }, 'Failed to generate video: too dark', false],
    [{ code: 'invalid_key', message: 'Failed to generate video: Luma did not accept your API key.' }, 'Failed to generate video: Luma did not accept your API key.', true],
    [{ code: 'internal', message: '' }, 'Failed to generate video', false],
  ])('a failed job shows its message (%j)', (error, message, needsIntegrations) => {
    expect(toMediaJobView(inputs({ job: job({ status: 'failed', error }) }))).toEqual({ kind: 'error', message, needsIntegrations });
  });

  it('shows a refused start and a cancelled job', () => {
    expect(toMediaJobView(inputs({ startError: { message: 'Luma API key not found. Please add your API key in the Integrations page.', needsIntegrations: true } }))).toMatchObject({ kind: 'error', needsIntegrations: true });
    expect(toMediaJobView(inputs({ job: job({ status: 'cancelled' }) }))).toEqual({ kind: 'cancelled' });
  });
});
