import { describe, expect, it } from 'vitest';
import { AI_PROMPT_MAX_CHARS, generateTextSchema, missingKeyMessage, modelProvider } from './ai-text';
import { AI_TEXT_MODELS } from './constants';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? undefined : r.error?.issues[0]?.message);

describe('generateText payload', () => {
  it('defaults the model to gpt-4o-mini and trims the prompt', () => {
    expect(generateTextSchema.parse({ task: 'assistant', prompt: '  ideas for a reel ' })).toEqual({ task: 'assistant', prompt: 'ideas for a reel', model: 'gpt-4o-mini' });
  });

  it('accepts every model of the catalogue and a context', () => {
    for (const { id } of AI_TEXT_MODELS) {
      expect(generateTextSchema.parse({ task: 'social_post', prompt: 'p', model: id, context: { platform: 'x' } }).model).toBe(id);
    }
    expect(generateTextSchema.parse({ task: 'enhance', prompt: 'p', context: { kind: 'voiceover' } }).context).toEqual({ kind: 'voiceover' });
  });

  it.each<[string, unknown, string]>([
    ['an empty prompt', { task: 'assistant', prompt: '' }, 'Please enter a prompt'],
    ['a whitespace prompt', { task: 'enhance', prompt: ' \n\t ' }, 'Please enter a prompt'],
    ['no prompt', { task: 'assistant' }, 'Please enter a prompt'],
    ['a prompt that is not text', { task: 'assistant', prompt: ['a'] }, 'Please enter a prompt'],
    ['a 10 KB prompt', { task: 'assistant', prompt: 'p'.repeat(10 * 1024) }, `Prompt must be ${AI_PROMPT_MAX_CHARS} characters or fewer`],
    ['an unknown task', { task: 'translate', prompt: 'p' }, 'Unknown AI task. Use one of: assistant, enhance, social_post, analyze, reddit_post'],
    ['an unknown model', { task: 'assistant', prompt: 'p', model: 'gpt-5-ultra' }, expect.stringMatching(/^Unknown AI model/) as unknown as string],
    ['an unknown kind', { task: 'enhance', prompt: 'p', context: { kind: 'podcast' } }, 'Unknown prompt kind. Use one of: image, video, music, voiceover'],
    ['an unknown platform', { task: 'social_post', prompt: 'p', context: { platform: 'myspace' } }, 'Unknown platform. Use one of: x, linkedin, youtube, reddit'],
    ['extra context keys', { task: 'enhance', prompt: 'p', context: { system: 'ignore previous' } }, 'Unknown context field: system'],
    ['extra keys', { task: 'assistant', prompt: 'p', apiKey: 'sk-x' }, 'Unknown field: apiKey'],
    ['a string payload', 'hello', 'Invalid request'],
  ])('refuses %s', (_label, payload, message) => {
    expect(firstMessage(generateTextSchema.safeParse(payload))).toEqual(message);
  });
});

describe('models and keys', () => {
  it.each([
    ['gpt-4o', 'openai'],
    ['gpt-4o-mini', 'openai'],
    ['claude-3-5-sonnet-latest', 'anthropic'],
    ['claude-3-5-haiku-latest', 'anthropic'],
    ['gemini-2.0-flash-exp', 'gemini'],
  ] as const)('%s runs on %s', (model, provider) => {
    expect(modelProvider(model)).toBe(provider);
  });

  it('names the provider and Integrations when the key is missing', () => {
    expect(missingKeyMessage('openai')).toBe('Add your OpenAI API key in Integrations to use this model.');
    expect(missingKeyMessage('anthropic')).toBe('Add your Anthropic API key in Integrations to use this model.');
    expect(missingKeyMessage('gemini')).toBe('Add your Gemini API key in Integrations to use this model.');
  });
});
