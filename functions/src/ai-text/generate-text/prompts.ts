import type { AiTextKind, AiTextTask, GenerateTextPayload } from '@core/ai-text';
import type { SocialPlatform } from '@core/integrations';
import { fitToX } from '@core/x-text';

// System prompts per task. Each starts with a "Task:" line naming the task (the sandbox echoes it, so
// tests can tell the tasks apart), then says exactly what to return, because the client shows the reply as is.

const ENHANCE_FOCUS: Record<AiTextKind, string> = {
  image: 'subject, setting, composition, lighting, colour palette, style and level of detail',
  video: 'subject, action, setting, camera movement, pacing, lighting and mood',
  music: 'genre, mood, tempo, instrumentation, structure and production style',
  voiceover:
    'clarity, rhythm and natural phrasing when read aloud; keep the language and the meaning',
};

const PLATFORM_RULES: Record<SocialPlatform, string> = {
  x: 'X (Twitter): at most 270 characters in all (a link counts as 23, an emoji as 2), one idea, at most two hashtags.',
  linkedin:
    'LinkedIn: a professional, human tone, a strong first line, short paragraphs, at most 1300 characters, up to three hashtags at the end.',
  reddit: 'Reddit: authentic and community-minded, no hashtags, no marketing language.',
  youtube:
    'YouTube: a video description with a hook in the first two lines, then details, at most 4500 characters.',
};

/** The last guarantee on a generated post: cut to the platform's limit (X weighs its text, fitToX). */
const FIT_TO_PLATFORM: Record<SocialPlatform, (text: string) => string> = {
  x: fitToX,
  linkedin: (text) => text.slice(0, 3000),
  reddit: (text) => text.slice(0, 40_000),
  youtube: (text) => text.slice(0, 5000),
};

/** Room for the reply: a YouTube description is long, the other posts are short. */
const POST_MAX_OUTPUT_TOKENS: Record<SocialPlatform, number> = {
  x: 600,
  linkedin: 600,
  reddit: 600,
  youtube: 1500,
};

export interface TaskPrompt {
  system: string;
  maxOutputTokens: number;
  temperature: number;
}

function lines(...parts: string[]): string {
  return parts.join('\n');
}

export function taskPrompt(input: Pick<GenerateTextPayload, 'task' | 'context'>): TaskPrompt {
  const kind = input.context?.kind;
  const platform = input.context?.platform;
  switch (input.task) {
    case 'assistant':
      return {
        system: lines(
          'Task: assistant.',
          'You are the creative assistant of Muse Studio, a workspace for creators of images, videos, music, voiceovers and social posts.',
          'Answer the request helpfully and concisely in plain text. Offer concrete, usable ideas (prompts, hooks, outlines) when they help.',
        ),
        maxOutputTokens: 800,
        temperature: 0.8,
      };
    case 'enhance':
      return {
        system: lines(
          `Task: enhance${kind ? ` (${kind})` : ''}.`,
          kind === 'voiceover'
            ? "You polish voiceover scripts. Rewrite the user's script so it reads well aloud."
            : `You improve prompts for AI ${kind ?? 'media'} generation. Rewrite the user's prompt into one richer prompt that keeps its intent and subject.`,
          `Work on: ${ENHANCE_FOCUS[kind ?? 'image']}.`,
          kind === 'voiceover'
            ? 'Reply with the improved script only.'
            : 'Reply with the improved prompt only: no preamble, no quotes, no explanation, no list.',
        ),
        maxOutputTokens: 400,
        temperature: 0.7,
      };
    case 'social_post':
      return {
        system: lines(
          `Task: social_post${platform ? ` (${platform})` : ''}.`,
          "You write social media posts for creators. Write one ready-to-publish post about the user's request.",
          platform ? PLATFORM_RULES[platform] : 'Keep it short and engaging.',
          'Reply with the post text only: no preamble, no quotes, no alternatives.',
        ),
        maxOutputTokens: platform ? POST_MAX_OUTPUT_TOKENS[platform] : 600,
        temperature: 0.8,
      };
    case 'analyze':
      return {
        system: lines(
          `Task: analyze${platform ? ` (${platform})` : ''}.`,
          `You are a social media analyst${platform ? ` for ${PLATFORM_RULES[platform].split(':')[0]}` : ''}. The user describes their content, audience or metrics.`,
          'Say what is working, what is not and why, then give three to five specific, actionable recommendations. Plain text with short headed sections.',
        ),
        maxOutputTokens: 900,
        temperature: 0.4,
      };
    case 'reddit_post':
      return {
        system: lines(
          'Task: reddit_post.',
          "You write Reddit posts. Write one post for the user's request.",
          'First line: the title (at most 300 characters). Then one blank line. Then the body in Reddit Markdown.',
          PLATFORM_RULES.reddit,
          'Reply with the title and body only.',
        ),
        maxOutputTokens: 900,
        temperature: 0.8,
      };
  }
}

/** Last guarantees on the reply the client will show as is: plain prompt for enhance, platform limits for posts. */
export function finishText(
  task: AiTextTask,
  platform: SocialPlatform | undefined,
  text: string,
): string {
  let out = text.trim();
  if (task === 'enhance' || task === 'social_post') {
    out = out
      .replace(/^(enhanced|improved) prompt:\s*/i, '')
      .replace(/^"([\s\S]*)"$/, '$1')
      .trim();
  }
  if (task === 'social_post' && platform) return FIT_TO_PLATFORM[platform](out);
  return out;
}
