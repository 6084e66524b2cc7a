import { describe, expect, it } from 'vitest';
import { aiTextKinds, aiTextTasks } from '@core/ai-text';
import { socialPlatforms } from '@core/integrations';
import { xWeightedLength } from '@core/x-text';
import { finishText, taskPrompt } from './prompts';

describe('system prompts', () => {
  it.each(aiTextTasks)('the %s prompt names its task first and says what to return', (task) => {
    const { system, maxOutputTokens } = taskPrompt({ task });
    expect(system.split('\n')[0]).toMatch(new RegExp(`^Task: ${task}\\b`));
    expect(system).toMatch(/Reply with|Answer|recommendations/);
    expect(maxOutputTokens).toBeGreaterThan(0);
  });

  it.each(aiTextKinds)('enhancing a %s prompt asks for the improved text only', (kind) => {
    const { system } = taskPrompt({ task: 'enhance', context: { kind } });
    expect(system).toContain(`Task: enhance (${kind})`);
    expect(system).toMatch(/Reply with the improved (prompt|script) only/);
  });

  it.each(socialPlatforms)("a %s post carries that platform's rules", (platform) => {
    expect(taskPrompt({ task: 'social_post', context: { platform } }).system).toContain(
      `Task: social_post (${platform})`,
    );
  });

  it('asks X posts to stay within the weighted limit', () => {
    expect(taskPrompt({ task: 'social_post', context: { platform: 'x' } }).system).toMatch(
      /270 characters.*link counts as 23/,
    );
  });
});

describe('finishing the reply', () => {
  it('fits an X post into 280 weighted characters', () => {
    const text = finishText('social_post', 'x', `Big news! ${'🎉 launch '.repeat(60)}`);
    expect(xWeightedLength(text)).toBeLessThanOrEqual(280);
  });

  it('keeps a LinkedIn post within 3000 characters', () => {
    expect(finishText('social_post', 'linkedin', 'a'.repeat(5000))).toHaveLength(3000);
  });

  it.each([
    ['"A lighthouse at dusk, volumetric light"', 'A lighthouse at dusk, volumetric light'],
    ['Enhanced prompt: A lighthouse at dusk', 'A lighthouse at dusk'],
    ['  A lighthouse  \n', 'A lighthouse'],
  ])('returns only the prompt for enhance: %j', (reply, expected) => {
    expect(finishText('enhance', undefined, reply)).toBe(expected);
  });

  it('leaves assistant answers as written', () => {
    expect(finishText('assistant', undefined, '"Quoted" ideas:\n- one')).toBe(
      '"Quoted" ideas:\n- one',
    );
  });
});
