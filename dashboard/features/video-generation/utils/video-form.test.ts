import { describe, expect, it } from 'vitest';
import { checkVideoForm, defaultVideoForm, videoFormFromJob } from './video-form';

describe('checkVideoForm', () => {
  it.each(['', '   ', '\n'])('refuses the blank prompt %j with its message', (prompt) => {
    expect(checkVideoForm({ ...defaultVideoForm, prompt })).toEqual({
      ok: false,
      message: 'Please provide a prompt for the video',
    });
  });

  it('trims the prompt and keeps the style (cinematic by default)', () => {
    expect(checkVideoForm({ ...defaultVideoForm, prompt: '  waves at dawn ' })).toEqual({
      ok: true,
      input: { prompt: 'waves at dawn', style: 'cinematic' },
    });
    expect(checkVideoForm({ prompt: 'x', style: '3d' })).toEqual({
      ok: true,
      input: { prompt: 'x', style: '3d' },
    });
  });
});

describe('videoFormFromJob', () => {
  it('restores a job input and ignores an unknown style', () => {
    expect(videoFormFromJob({ prompt: 'a', style: 'anime' }, defaultVideoForm)).toEqual({
      prompt: 'a',
      style: 'anime',
    });
    expect(videoFormFromJob({ prompt: 'b', style: 'noir' }, defaultVideoForm)).toEqual({
      prompt: 'b',
      style: 'cinematic',
    });
  });
});
