import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODELS,
  isTextModel,
  pickerOptions,
  resolveModelChoice,
  textModelProvider,
} from './ai-models';
import { listModelsSchema } from './list-models';

const offered = (...ids: string[]) => ids.map((id) => ({ id, label: id }));

describe('the model catalogue rules', () => {
  it.each([
    ['gpt-5.4-mini', 'openai'],
    ['o4-mini', 'openai'],
    ['chatgpt-4o-latest', 'openai'],
    ['claude-haiku-4-5-20251001', 'anthropic'],
    ['gemini-2.5-flash', 'gemini'],
    ['llama-3-70b', null],
    ['text-embedding-3-small', null],
  ])('runs %s on %s', (model, provider) => {
    expect(textModelProvider(model)).toBe(provider);
  });

  it.each([
    ['openai', 'gpt-5.4-mini', undefined, true],
    ['openai', 'gpt-realtime', undefined, false],
    ['openai', 'gpt-4o-mini-tts', undefined, false],
    ['openai', 'gpt-image-1', undefined, false],
    ['openai', 'claude-haiku-4-5', undefined, false],
    ['anthropic', 'claude-sonnet-4-5-20250929', undefined, true],
    ['gemini', 'gemini-2.5-pro', ['generateContent', 'countTokens'], true],
    ['gemini', 'gemini-embedding-001', ['embedContent'], false],
    ['gemini', 'gemini-2.5-flash-preview-tts', ['generateContent'], false],
  ] as const)('counts %s %s as a text model: %s', (provider, model, methods, expected) => {
    expect(isTextModel(provider, model, methods)).toBe(expected);
  });

  it('keeps one current default per provider, none of them retired', () => {
    expect(DEFAULT_MODELS).toEqual({
      openai: 'gpt-5.4-mini',
      anthropic: 'claude-haiku-4-5',
      gemini: 'gemini-2.5-flash',
      elevenlabs: 'eleven_multilingual_v2',
    });
    for (const retired of [
      'gpt-4o',
      'gpt-4o-mini',
      'claude-3-5-sonnet-latest',
      'claude-3-5-haiku-latest',
      'gemini-2.0-flash-exp',
      'eleven_monolingual_v1',
    ]) {
      expect(Object.values(DEFAULT_MODELS)).not.toContain(retired);
    }
  });

  it('refuses an unknown provider and extra fields in listModels', () => {
    expect(listModelsSchema.safeParse({ provider: 'bfl' }).error?.issues[0]?.message).toBe(
      'Unknown provider. Use one of: openai, anthropic, gemini, elevenlabs',
    );
    expect(
      listModelsSchema.safeParse({ provider: 'openai', uid: 'x' }).error?.issues[0]?.message,
    ).toBe('Unknown field: uid');
  });
});

describe('a saved choice', () => {
  it.each([
    [
      'is kept while it is offered',
      offered('gpt-5.4', 'gpt-5.4-mini'),
      'gpt-5.4',
      { id: 'gpt-5.4' },
    ],
    ['is kept while the catalogue is not known', null, 'gpt-4o', { id: 'gpt-4o' }],
    [
      'is kept as the alias of an offered dated snapshot',
      offered('claude-haiku-4-5-20251001'),
      'claude-haiku-4-5',
      { id: 'claude-haiku-4-5' },
    ],
    [
      'falls back to the default when it is no longer offered',
      offered('gpt-5.4', 'gpt-5.4-mini'),
      'gpt-4o-mini',
      { id: 'gpt-5.4-mini', replaced: 'gpt-4o-mini' },
    ],
    [
      'falls back to the first offered model when the key lacks the default too',
      offered('gpt-4.1-mini', 'gpt-5.4'),
      'gpt-4o',
      { id: 'gpt-4.1-mini', replaced: 'gpt-4o' },
    ],
  ])('%s', (_label, list, chosen, expected) => {
    expect(resolveModelChoice(list, chosen, 'gpt-5.4-mini')).toEqual(expected);
  });

  it('stays selectable in a picker until the catalogue has loaded', () => {
    expect(
      pickerOptions(null, 'eleven_turbo_v2', [
        { id: 'eleven_multilingual_v2', label: 'Eleven Multilingual v2' },
      ]).map((o) => o.id),
    ).toEqual(['eleven_turbo_v2', 'eleven_multilingual_v2']);
    expect(pickerOptions(offered('eleven_v3'), 'eleven_turbo_v2', []).map((o) => o.id)).toEqual([
      'eleven_v3',
    ]);
  });
});
