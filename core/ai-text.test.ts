import { describe, expect, it } from 'vitest';
import {
  AI_PROMPT_MAX_CHARS,
  generateTextSchema,
  missingKeyMessage,
  modelProvider,
} from './ai-text';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe('generateText payload', () => {
  it('defaults the model to gpt-5.4-mini and trims the prompt', () => {
    expect(generateTextSchema.parse({ task: 'assistant', prompt: '  ideas for a reel ' })).toEqual({
      task: 'assistant',
      prompt: 'ideas for a reel',
      model: 'gpt-5.4-mini',
    });
  });

  it('accepts a model of any of the three providers and a context', () => {
    for (const id of [
      'gpt-5.4',
      'gpt-5.4-mini',
      'o4-mini',
      'claude-sonnet-4-5',
      'claude-haiku-4-5-20251001',
      'gemini-2.5-flash',
    ]) {
      expect(
        generateTextSchema.parse({
          task: 'social_post',
          prompt: 'p',
          model: id,
          context: { platform: 'x' },
        }).model,
      ).toBe(id);
    }
    expect(
      generateTextSchema.parse({ task: 'enhance', prompt: 'p', context: { kind: 'voiceover' } })
        .context,
    ).toEqual({ kind: 'voiceover' });
  });

  it.each<[string, unknown, string]>([
    ['an empty prompt', { task: 'assistant', prompt: '' }, 'Please enter a prompt'],
    ['a whitespace prompt', { task: 'enhance', prompt: ' \n\t ' }, 'Please enter a prompt'],
    ['no prompt', { task: 'assistant' }, 'Please enter a prompt'],
    ['a prompt that is not text', { task: 'assistant', prompt: ['a'] }, 'Please enter a prompt'],
    [
      'a 10 KB prompt',
      { task: 'assistant', prompt: 'p'.repeat(10 * 1024) },
      `Prompt must be ${AI_PROMPT_MAX_CHARS} characters or fewer`,
    ],
    [
      'an unknown task',
      { task: 'translate', prompt: 'p' },
      'Unknown AI task. Use one of: assistant, enhance, social_post, analyze, reddit_post',
    ],
    [
      'a model of no provider we call',
      { task: 'assistant', prompt: 'p', model: 'llama-3-70b' },
      expect.stringMatching(/^Unknown AI model/) as unknown as string,
    ],
    [
      'a model id that is not an id',
      { task: 'assistant', prompt: 'p', model: 'gpt-5/../../x' },
      expect.stringMatching(/^Unknown AI model/) as unknown as string,
    ],
    [
      'an unknown kind',
      { task: 'enhance', prompt: 'p', context: { kind: 'podcast' } },
      'Unknown prompt kind. Use one of: image, video, music, voiceover',
    ],
    [
      'an unknown platform',
      { task: 'social_post', prompt: 'p', context: { platform: 'myspace' } },
      'Unknown platform. Use one of: x, linkedin, youtube, reddit',
    ],
    [
      'extra context keys',
      { task: 'enhance', prompt: 'p', context: { system: 'ignore previous' } },
      'Unknown context field: system',
    ],
    ['extra keys', { task: 'assistant', prompt: 'p', apiKey: 'sk-x' }, 'Unknown field: apiKey'],
    ['a string payload', 'hello', 'Invalid request'],
  ])('refuses %s', (_label, payload, message) => {
    expect(firstMessage(generateTextSchema.safeParse(payload))).toEqual(message);
  });
});

describe('models and keys', () => {
  it.each([
    ['gpt-5.4', 'openai'],
    ['gpt-5.4-mini', 'openai'],
    ['claude-sonnet-4-5', 'anthropic'],
    ['claude-haiku-4-5', 'anthropic'],
    ['gemini-2.5-flash', 'gemini'],
  ] as const)('%s runs on %s', (model, provider) => {
    expect(modelProvider(model)).toBe(provider);
  });

  it('names the provider and Integrations when the key is missing', () => {
    expect(missingKeyMessage('openai')).toBe(
      'Add your OpenAI API key in Integrations to use this model.',
    );
    expect(missingKeyMessage('anthropic')).toBe(
      'Add your Anthropic API key in Integrations to use this model.',
    );
    expect(missingKeyMessage('gemini')).toBe(
      'Add your Gemini API key in Integrations to use this model.',
    );
  });
});
