import { defineExtensionMessaging } from '@webext-core/messaging';

/** Limits on what a page hands to the extension, so a huge page cannot flood a message. */
export const PAGE_CONTEXT_LIMITS = {
  images: 10,
  selectionChars: 10_000,
  titleChars: 300,
  descriptionChars: 500,
  altChars: 200,
} as const;

/** One of a page's main images. Sizes are the image's own pixels when known, else its rendered size; 0 when unknown. */
export interface PageImage {
  /** Absolute http(s) address. */
  src: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * What the side panel knows about the page in the active tab. This shape is the contract between the
 * content script, the background and every panel feature that reads the page (usePageContext in
 * entrypoints/sidepanel/hooks/use-page-context.ts); extend it, never rename or retype a field.
 *
 * - readable: false for pages the extension cannot read (browser pages, the extension store, PDFs the
 *   browser renders, a tab that does not answer); `reason` then says why in words for the user, the
 *   other fields carry what the tab itself tells (title, url) and are empty otherwise.
 * - images: og:image first (when present), then the largest visible images, at most
 *   PAGE_CONTEXT_LIMITS.images, each address once.
 */
export interface PageContext {
  readable: boolean;
  /** Present when readable is false. */
  reason?: string;
  title: string;
  url: string;
  selection: string;
  /** The page's meta description (or og:/twitter: description); '' when it has none. */
  description: string;
  images: PageImage[];
}

function isPageImage(value: unknown): value is PageImage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.src === 'string' &&
    /^https?:/.test(v.src) &&
    typeof v.width === 'number' &&
    typeof v.height === 'number' &&
    typeof v.alt === 'string' &&
    v.alt.length <= PAGE_CONTEXT_LIMITS.altChars
  );
}

/**
 * Checks an answer that crossed from a page into the extension. A hand-written guard rather than a
 * zod schema: this module ships in the content script, which loads on every page and must stay small.
 */
export function isPageContext(value: unknown): value is PageContext {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.readable === 'boolean' &&
    (v.reason === undefined || typeof v.reason === 'string') &&
    typeof v.title === 'string' &&
    v.title.length <= PAGE_CONTEXT_LIMITS.titleChars &&
    typeof v.url === 'string' &&
    typeof v.selection === 'string' &&
    v.selection.length <= PAGE_CONTEXT_LIMITS.selectionChars &&
    typeof v.description === 'string' &&
    v.description.length <= PAGE_CONTEXT_LIMITS.descriptionChars &&
    Array.isArray(v.images) &&
    v.images.length <= PAGE_CONTEXT_LIMITS.images &&
    v.images.every(isPageImage)
  );
}

/** A page the extension cannot read, with the words the panel shows for it. */
export function unreadablePage(
  reason: string,
  tab: { title?: string; url?: string } = {},
): PageContext {
  return {
    readable: false,
    reason,
    title: (tab.title ?? '').slice(0, PAGE_CONTEXT_LIMITS.titleChars),
    url: tab.url ?? '',
    selection: '',
    description: '',
    images: [],
  };
}

/**
 * The one message protocol of the extension. Each message names who answers it:
 * - getPageContext: the content script of a tab (sent with that tab's id);
 * - getActivePageContext: the background, for the active tab of the given window (the side panel's);
 *   always a PageContext, with readable: false and a reason when the page cannot be read;
 * - pageContextChanged: sent by a content script when its page changes under the user (a new selection,
 *   debounced); answered by an open side panel, which keeps it only when the sender is its window's
 *   active tab. Nobody listening (no panel open) is normal.
 * - dashboardSignInCode: sent by the content script on the dashboard's origin when the signed-in
 *   dashboard hands the extension a one-time sign-in code (docs/architecture.md, "One sign-in");
 *   answered by the background, which keeps it for the panel to redeem.
 */
export interface ProtocolMap {
  getPageContext(): PageContext;
  getActivePageContext(data: { windowId?: number }): PageContext;
  pageContextChanged(data: PageContext): void;
  dashboardSignInCode(data: { code: string }): boolean;
}

export const { sendMessage, onMessage, removeAllListeners } =
  defineExtensionMessaging<ProtocolMap>();
