import { describe, expect, it } from 'vitest';
import type { LlmIntegrationType } from '@core/integrations';
import { pickTextModel } from './ai-models';

const keys = (...types: LlmIntegrationType[]) => new Set(types);

describe('pickTextModel', () => {
  it.each([
    ['keys not known yet', null, undefined, 'gpt-4o-mini'],
    ['an OpenAI key', keys('openai'), undefined, 'gpt-4o-mini'],
    ['only an Anthropic key', keys('anthropic'), undefined, 'claude-3-5-haiku-latest'],
    ['only a Gemini key', keys('gemini'), undefined, 'gemini-2.0-flash-exp'],
    ['Anthropic and Gemini keys', keys('gemini', 'anthropic'), undefined, 'claude-3-5-haiku-latest'],
    ['no key at all (the server then links to Integrations)', keys(), undefined, 'gpt-4o-mini'],
    ['a chosen model whose key exists', keys('openai', 'anthropic'), 'claude-3-5-sonnet-latest', 'claude-3-5-sonnet-latest'],
  ] as const)('picks for %s', (_case, configured, preferred, expected) => {
    expect(pickTextModel(configured, preferred)).toBe(expected);
  });
});
