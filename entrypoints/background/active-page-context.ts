import { browser } from '#imports';
import { isPageContext, PAGE_CONTEXT_LIMITS, sendMessage, type PageContext } from '@core/messaging';
import { extractPageContext } from '../content/page-context';

/** A page that does not answer within this time is treated as unreadable (hung or still loading). */
const PAGE_ANSWER_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Pages the browser never lets an extension read: no point asking them. */
function isReadableUrl(url: string | undefined): boolean {
  return url == null || /^(https?|file):/.test(url);
}

/**
 * The page context of the active tab of a window, or null when it cannot be read. Asks the tab's
 * content script first; tabs opened before the extension was installed have none, so the same
 * extraction is then injected once with scripting.executeScript.
 */
export async function getActivePageContext(windowId?: number): Promise<PageContext | null> {
  const [tab] = await browser.tabs.query(windowId == null ? { active: true, lastFocusedWindow: true } : { active: true, windowId });
  const tabId = tab?.id;
  if (tabId == null || !isReadableUrl(tab?.url)) return null;

  try {
    const answer: unknown = await withTimeout(sendMessage('getPageContext', undefined, tabId), PAGE_ANSWER_TIMEOUT_MS);
    if (isPageContext(answer)) return answer;
  } catch {
    // No content script in this tab: fall through to injection.
  }

  try {
    const [injection] = await withTimeout(browser.scripting.executeScript({ target: { tabId }, func: extractPageContext, args: [PAGE_CONTEXT_LIMITS] }), PAGE_ANSWER_TIMEOUT_MS);
    const result: unknown = injection?.result;
    return isPageContext(result) ? result : null;
  } catch {
    return null;
  }
}
