import { describe, expect, it } from 'vitest';
import { checkMusicForm, checkVoiceoverForm, clampDuration, defaultMusicForm, defaultVoiceoverForm, musicFormFromJob, voiceoverFormFromJob } from './audio-forms';

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

describe('checkMusicForm', () => {
  it('refuses a blank prompt with its message', () => {
    expect(checkMusicForm({ ...defaultMusicForm, prompt: '  ' })).toEqual({ ok: false, message: 'Please provide a prompt for the music' });
  });
  it('sends the product defaults: 30 s, ambient', () => {
    expect(checkMusicForm({ ...defaultMusicForm, prompt: 'rain on a tin roof' })).toEqual({ ok: true, input: { prompt: 'rain on a tin roof', durationSeconds: 30, genre: 'ambient' } });
  });
});

describe('checkVoiceoverForm', () => {
  it('refuses blank text with its message', () => {
    expect(checkVoiceoverForm(defaultVoiceoverForm)).toEqual({ ok: false, message: 'Please provide text for the voiceover' });
  });
  it('sends Rachel on multilingual v2 by default', () => {
    expect(checkVoiceoverForm({ ...defaultVoiceoverForm, text: 'Hello' })).toEqual({ ok: true, input: { text: 'Hello', voiceId: '21m00Tcm4TlvDq8ikWAM', modelId: 'eleven_multilingual_v2' } });
  });
});

describe('forms from a stored job', () => {
  it('restores what parses and keeps the rest', () => {
    expect(musicFormFromJob({ prompt: 'p', durationSeconds: 60, genre: 'jazz' }, defaultMusicForm)).toEqual({ prompt: 'p', duration: '60', genre: 'jazz' });
    expect(voiceoverFormFromJob({ text: 't', voiceId: 'unknown', modelId: 'eleven_turbo_v2' }, defaultVoiceoverForm)).toEqual({ text: 't', voiceId: '21m00Tcm4TlvDq8ikWAM', modelId: 'eleven_turbo_v2' });
  });
});
