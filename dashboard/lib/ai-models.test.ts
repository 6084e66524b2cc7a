import { describe, expect, it } from 'vitest';
import type { LlmIntegrationType } from '@core/integrations';
import { pickTextModel } from './ai-models';

const keys = (...types: LlmIntegrationType[]) => new Set(types);

describe('pickTextModel', () => {
  it.each([
    ['keys not known yet', null, undefined, 'gpt-5.4-mini'],
    ['an OpenAI key', keys('openai'), undefined, 'gpt-5.4-mini'],
    ['only an Anthropic key', keys('anthropic'), undefined, 'claude-haiku-4-5'],
    ['only a Gemini key', keys('gemini'), undefined, 'gemini-2.5-flash'],
    ['Anthropic and Gemini keys', keys('gemini', 'anthropic'), undefined, 'claude-haiku-4-5'],
    ['no key at all (the server then links to Integrations)', keys(), undefined, 'gpt-5.4-mini'],
    [
      'a chosen model whose key exists',
      keys('openai', 'anthropic'),
      'claude-sonnet-4-5',
      'claude-sonnet-4-5',
    ],
  ] as const)('picks for %s', (_case, configured, preferred, expected) => {
    expect(pickTextModel(configured, preferred)).toBe(expected);
  });
});
