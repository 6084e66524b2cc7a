import { browser } from '#imports';
import {
  isPageContext,
  PAGE_CONTEXT_LIMITS,
  sendMessage,
  unreadablePage,
  type PageContext,
} from '@core/messaging';
import { extractPageContext } from '../content/page-context';

/** A page that does not answer within this time is treated as unreadable (hung or still loading). */
const PAGE_ANSWER_TIMEOUT_MS = 2000;

/** The words the panel shows for each kind of page it cannot read. */
export const UNREADABLE_REASONS = {
  noTab: 'No page is open in this window.',
  browserPage:
    "This is a browser page, which extensions can't read. Open a web page to use its content here.",
  store:
    "The extension store can't be read by extensions. Open another page to use its content here.",
  pdf: "PDFs shown by the browser can't be read. Open a web page to use its content here.",
  noAnswer: "This page can't be read right now. Reload it, or open another page.",
} as const;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// The stores never run extension scripts, even on their https pages.
const STORE_PAGES = [
  /^https:\/\/chromewebstore\.google\.com\//,
  /^https:\/\/chrome\.google\.com\/webstore/,
  /^https:\/\/addons\.mozilla\.org\//,
  /^https:\/\/microsoftedge\.microsoft\.com\/addons/,
];

/** Why a tab's address alone says the page cannot be read, or null when it may be readable. */
export function unreadableReasonOf(url: string | undefined): string | null {
  if (url == null || url === '') return null;
  if (!/^(https?|file):/.test(url)) return UNREADABLE_REASONS.browserPage;
  if (STORE_PAGES.some((pattern) => pattern.test(url))) return UNREADABLE_REASONS.store;
  return null;
}

function looksLikePdf(url: string | undefined): boolean {
  try {
    return url != null && new URL(url).pathname.toLowerCase().endsWith('.pdf');
  } catch {
    return false;
  }
}

/**
 * The page context of the active tab of a window; readable: false with a reason when it cannot be read.
 * Asks the tab's content script first; tabs opened before the extension was installed have none, so
 * the same extraction is then injected once with scripting.executeScript.
 */
export async function getActivePageContext(windowId?: number): Promise<PageContext> {
  const [tab] = await browser.tabs.query(
    windowId == null ? { active: true, lastFocusedWindow: true } : { active: true, windowId },
  );
  const tabId = tab?.id;
  if (tab == null || tabId == null) return unreadablePage(UNREADABLE_REASONS.noTab);
  const known = unreadableReasonOf(tab.url);
  if (known) return unreadablePage(known, tab);

  try {
    const answer: unknown = await withTimeout(
      sendMessage('getPageContext', undefined, tabId),
      PAGE_ANSWER_TIMEOUT_MS,
    );
    if (isPageContext(answer)) return answer;
  } catch {
    // No content script in this tab: fall through to injection.
  }

  try {
    const [injection] = await withTimeout(
      browser.scripting.executeScript({
        target: { tabId },
        func: extractPageContext,
        args: [PAGE_CONTEXT_LIMITS],
      }),
      PAGE_ANSWER_TIMEOUT_MS,
    );
    const result: unknown = injection?.result;
    if (isPageContext(result)) return result;
  } catch {
    // The browser refused (a PDF viewer, a page the extension may not script): say so below.
  }
  // Firefox hides the address of a tab outside the extension's host permissions (<all_urls>: web pages and
  // files), i.e. its own pages (about:addons, about:preferences): a hidden address that did not answer is one.
  if (!tab.url) return unreadablePage(UNREADABLE_REASONS.browserPage, tab);
  return unreadablePage(
    looksLikePdf(tab.url) ? UNREADABLE_REASONS.pdf : UNREADABLE_REASONS.noAnswer,
    tab,
  );
}
