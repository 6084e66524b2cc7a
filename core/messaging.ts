import { defineExtensionMessaging } from '@webext-core/messaging';

/** Limits on what a page hands to the extension, so a huge page cannot flood a message. */
export const PAGE_CONTEXT_LIMITS = { images: 10, selectionChars: 10_000, titleChars: 300 } as const;

/** What the side panel knows about the page in the active tab. */
export interface PageContext {
  title: string;
  url: string;
  selection: string;
  /** Absolute http(s) addresses of the page's large images, at most PAGE_CONTEXT_LIMITS.images. */
  images: string[];
}

/**
 * Checks an answer that crossed from a page into the extension. A hand-written guard rather than a
 * zod schema: this module ships in the content script, which loads on every page and must stay small.
 */
export function isPageContext(value: unknown): value is PageContext {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.title === 'string' &&
    v.title.length <= PAGE_CONTEXT_LIMITS.titleChars &&
    typeof v.url === 'string' &&
    typeof v.selection === 'string' &&
    v.selection.length <= PAGE_CONTEXT_LIMITS.selectionChars &&
    Array.isArray(v.images) &&
    v.images.length <= PAGE_CONTEXT_LIMITS.images &&
    v.images.every((src) => typeof src === 'string')
  );
}

/**
 * The one message protocol of the extension. Each message names who answers it:
 * - getPageContext: the content script of a tab (sent with that tab's id);
 * - getActivePageContext: the background, for the active tab of the given window (the side panel's);
 *   null when the page cannot be read (browser pages, the web store, a tab that does not answer).
 */
export interface ProtocolMap {
  getPageContext(): PageContext;
  getActivePageContext(data: { windowId?: number }): PageContext | null;
}

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<ProtocolMap>();
