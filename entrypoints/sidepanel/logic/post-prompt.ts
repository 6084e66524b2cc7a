import { AI_PROMPT_MAX_CHARS, type AiTextTask } from '@core/ai-text';
import type { DraftPlatform } from '@core/data/draft';
import { platforms } from '@core/platforms';

// What the side panel asks generateText for when it drafts a post from the page in the active tab.

export const POST_TONES = [
  '',
  'professional',
  'casual',
  'enthusiastic',
  'witty',
  'informative',
] as const;
export type PostTone = (typeof POST_TONES)[number];

/** The page facts a prompt uses (core/messaging.ts PageContext; description arrives with the live page context). */
export interface PromptPage {
  title: string;
  url: string;
  selection: string;
  description?: string;
}

/**
 * The page a post or an image starts from, or null when there is none to speak of: a web page (http or
 * https) counts even when it could not be read (a PDF, a store page: its title and address are known);
 * a browser page or no tab does not, so the panel never drafts about "New Tab".
 */
export function promptPageOf(
  context: {
    readable: boolean;
    title: string;
    url: string;
    selection: string;
    description?: unknown;
  } | null,
): PromptPage | null {
  if (!context || !/^https?:/i.test(context.url)) return null;
  if (!context.readable) return { title: context.title, url: context.url, selection: '' };
  return {
    title: context.title,
    url: context.url,
    selection: context.selection,
    description: typeof context.description === 'string' ? context.description : undefined,
  };
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** The generateText input for a post about the page: Reddit gets its title-and-body task. */
export function postPrompt(
  platform: DraftPlatform,
  page: PromptPage | null,
  tone: PostTone,
  notes = '',
): { task: AiTextTask; prompt: string } {
  const lines = ['Write a post about this web page.'];
  if (page) {
    if (page.title) lines.push(`Page title: ${clip(page.title, 300)}`);
    if (page.url) lines.push(`Page address: ${clip(page.url, 500)}`);
    if (page.description) lines.push(`Page description: ${clip(page.description, 1000)}`);
    if (page.selection) lines.push(`Passage the reader selected: "${clip(page.selection, 4000)}"`);
  }
  if (notes.trim()) lines.push(`What to focus on: ${clip(notes.trim(), 1000)}`);
  if (tone) lines.push(`Tone: ${tone}.`);
  lines.push('Do not include the page address; it is attached separately.');
  return {
    task: platforms[platform].subreddit ? 'reddit_post' : 'social_post',
    prompt: clip(lines.join('\n'), AI_PROMPT_MAX_CHARS),
  };
}

/** A reddit_post reply: the first line is the title, the rest (after a blank line) the body. */
export function splitRedditReply(reply: string): { title: string; text: string } {
  const [first = '', ...rest] = reply.trim().split('\n');
  return {
    title: first
      .replace(/^(title:\s*)/i, '')
      .replace(/^#+\s*/, '')
      .trim(),
    text: rest.join('\n').trim(),
  };
}

/** Whether the page address is in the text (the "Attach page link" switch reads it from the text itself). */
export function hasLink(text: string, url: string): boolean {
  return !!url && text.includes(url);
}

/** The text with the page address at its end, or with every copy of it removed. */
export function withLink(text: string, url: string, attach: boolean): string {
  if (!url) return text;
  if (attach) return hasLink(text, url) ? text : text.trim() ? `${text.trimEnd()}\n\n${url}` : url;
  return text
    .split(url)
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd();
}
