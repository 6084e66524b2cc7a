import { describe, expect, it } from 'vitest';
import {
  checkMusicForm,
  checkVoiceoverForm,
  clampDuration,
  defaultMusicForm,
  durationNote,
  defaultVoiceoverForm,
  musicFormFromJob,
  voiceoverFormFromJob,
} from './audio-forms';

describe('clampDuration', () => {
  it.each([
    ['30', 30],
    ['15', 15],
    ['14', 15],
    ['121', 120],
    ['45.6', 46],
    ['', 30],
    ['abc', 30],
  ])('%j seconds -> %i', (raw, seconds) => expect(clampDuration(raw)).toBe(seconds));
});

describe('durationNote', () => {
  it.each([
    ['30', null, null],
    ['120', null, null],
    [
      '500',
      '500 s is above the 120 s maximum: it will be sent as 120 s.',
      '500 s is above the 120 s maximum: it was set to 120 s.',
    ],
    [
      '5',
      '5 s is below the 15 s minimum: it will be sent as 15 s.',
      '5 s is below the 15 s minimum: it was set to 15 s.',
    ],
    [
      '45.6',
      'Duration is in whole seconds: 45.6 s will be sent as 46 s.',
      'Duration is in whole seconds: 45.6 s was rounded to 46 s.',
    ],
    [
      '',
      'Duration is 15 to 120 seconds: without a number, 30 s will be sent.',
      'Duration is 15 to 120 seconds: it was reset to 30 s.',
    ],
  ])('%j: says %j while typed and %j once applied', (raw, pending, applied) => {
    expect(durationNote(raw, 'pending')).toBe(pending);
    expect(durationNote(raw, 'applied')).toBe(applied);
  });
});

describe('checkMusicForm', () => {
  it('refuses a blank prompt with its message', () => {
    expect(checkMusicForm({ ...defaultMusicForm, prompt: '  ' })).toEqual({
      ok: false,
      message: 'Please provide a prompt for the music',
    });
  });
  it('sends the product defaults: 30 s, ambient', () => {
    expect(checkMusicForm({ ...defaultMusicForm, prompt: 'rain on a tin roof' })).toEqual({
      ok: true,
      input: { prompt: 'rain on a tin roof', durationSeconds: 30, genre: 'ambient' },
    });
  });
});

describe('checkVoiceoverForm', () => {
  it('refuses blank text with its message', () => {
    expect(checkVoiceoverForm(defaultVoiceoverForm)).toEqual({
      ok: false,
      message: 'Please provide text for the voiceover',
    });
  });
  it('sends Rachel on multilingual v2 by default', () => {
    expect(checkVoiceoverForm({ ...defaultVoiceoverForm, text: 'Hello' })).toEqual({
      ok: true,
      input: { text: 'Hello', voiceId: '21m00Tcm4TlvDq8ikWAM', modelId: 'eleven_multilingual_v2' },
    });
  });
});

describe('forms from a stored job', () => {
  it('restores what parses and keeps the rest', () => {
    expect(
      musicFormFromJob({ prompt: 'p', durationSeconds: 60, genre: 'jazz' }, defaultMusicForm),
    ).toEqual({ prompt: 'p', duration: '60', genre: 'jazz' });
    expect(
      voiceoverFormFromJob(
        { text: 't', voiceId: 'unknown', modelId: 'eleven_turbo_v2' },
        defaultVoiceoverForm,
      ),
    ).toEqual({ text: 't', voiceId: '21m00Tcm4TlvDq8ikWAM', modelId: 'eleven_turbo_v2' });
  });
});
