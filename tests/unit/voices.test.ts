import { describe, expect, it } from 'vitest';
import { VOICES } from '../../core/constants';
import { PREMADE_VOICES } from '../sandbox/providers/elevenlabs';

// The voices offered before the user's own list has loaded carry the names ElevenLabs gives them (its
// default-voices guide; the ElevenLabs sandbox keeps the same table): EXAVITQu4vr4xnSDxMaL is Sarah, not Bella.
describe('the fallback voices', () => {
  it.each(VOICES.map((v) => [v.id, v.name]))(
    '%s is named %s, as ElevenLabs names it',
    (id, name) => {
      expect(PREMADE_VOICES[id]).toBe(name);
    },
  );
});
