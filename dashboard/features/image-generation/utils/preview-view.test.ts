import { describe, expect, it } from 'vitest';
import { toPreviewView, type PreviewInputs, type PreviewJob } from './preview-view';

const job = (patch: Partial<PreviewJob>): PreviewJob => ({ id: 'j1', status: 'queued', progress: 0, statusText: '', error: null, generationId: null, prompt: 'a fox', ...patch });
const inputs = (patch: Partial<PreviewInputs>): PreviewInputs => ({ submitting: null, submitError: null, job: null, generation: undefined, ...patch });
const image = { originalUrl: 'https://files/fox.png', thumbnailUrl: 'https://files/fox-thumb.png', prompt: 'a fox in snow' };

describe('toPreviewView', () => {
  it.each<[string, Partial<PreviewInputs>, ReturnType<typeof toPreviewView>]>([
    ['no job: the empty text', {}, { kind: 'empty' }],
    ['uploading before the job exists', { submitting: { statusText: 'Uploading your image' } }, { kind: 'running', statusText: 'Uploading your image', progress: 0, canCancel: false }],
    ['a queued job', { job: job({ status: 'queued' }) }, { kind: 'running', statusText: 'Queued', progress: 0, canCancel: true }],
    ['a running job with its status line', { job: job({ status: 'running', statusText: 'Generating', progress: 42.4 }) }, { kind: 'running', statusText: 'Generating', progress: 42, canCancel: true }],
    ['a progress figure out of range', { job: job({ status: 'running', statusText: 'Saving', progress: 140 }) }, { kind: 'running', statusText: 'Saving', progress: 100, canCancel: true }],
    ['a succeeded job whose record is loading', { job: job({ status: 'succeeded', generationId: 'j1' }) }, { kind: 'running', statusText: 'Loading your image', progress: 100, canCancel: false }],
    ['a succeeded job with its record', { job: job({ status: 'succeeded', generationId: 'j1' }), generation: image }, { kind: 'result', imageUrl: 'https://files/fox.png', prompt: 'a fox in snow' }],
    ['a succeeded job whose record was deleted', { job: job({ status: 'succeeded', generationId: 'j1' }), generation: null }, { kind: 'empty' }],
    ['a failed job with the provider status Error', { job: job({ status: 'failed', error: { code: 'provider_error', message: 'Generation failed' } }) }, { kind: 'error', title: null, message: 'Generation failed', needsIntegrations: false }],
    ['a failed job with no message', { job: job({ status: 'failed', error: null }) }, { kind: 'error', title: null, message: 'Generation failed', needsIntegrations: false }],
    [
      'a missing key, which links to Integrations',
      { job: job({ status: 'failed', error: { code: 'missing_key', message: 'BlackForest API key not found. Please add your API key in the Integrations page.' } }) },
      { kind: 'error', title: 'Generation failed', message: 'BlackForest API key not found. Please add your API key in the Integrations page.', needsIntegrations: true },
    ],
    ['a refused key', { job: job({ status: 'failed', error: { code: 'invalid_key', message: 'Failed to generate image: Not authenticated' } }) }, { kind: 'error', title: 'Generation failed', message: 'Failed to generate image: Not authenticated', needsIntegrations: true }],
    [
      'a provider Error with its own text, under the Generation failed title',
      { job: job({ status: 'failed', error: { code: 'provider_error', message: 'Sandbox generation error' } }) },
      { kind: 'error', title: 'Generation failed', message: 'Sandbox generation error', needsIntegrations: false },
    ],
    ['a cancelled job', { job: job({ status: 'cancelled' }) }, { kind: 'cancelled' }],
    ['a startJob failure', { submitError: { message: 'BlackForest API key not found. Please add your API key in the Integrations page.', needsIntegrations: true } }, { kind: 'error', title: null, message: 'BlackForest API key not found. Please add your API key in the Integrations page.', needsIntegrations: true }],
  ])('%s', (_name, patch, expected) => {
    expect(toPreviewView(inputs(patch))).toEqual(expected);
  });

  it('shows a new submit over the previous result', () => {
    expect(toPreviewView(inputs({ submitting: { statusText: 'Starting' }, job: job({ status: 'succeeded' }), generation: image })).kind).toBe('running');
  });

  it('falls back to the thumbnail and to the job prompt', () => {
    expect(toPreviewView(inputs({ job: job({ status: 'succeeded', generationId: 'j1' }), generation: { originalUrl: null, thumbnailUrl: 'https://t', prompt: '' } }))).toEqual({
      kind: 'result',
      imageUrl: 'https://t',
      prompt: 'a fox',
    });
  });
});
