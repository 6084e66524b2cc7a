import { browser, type Browser } from '#imports';
import {
  isPageContext,
  onMessage,
  sendMessage,
  unreadablePage,
  type PageContext,
} from '@core/messaging';

/** Until the first answer: loading. Then always a PageContext (core/messaging.ts); check `readable`. */
export type PageContextState = { status: 'loading' } | { status: 'ready'; context: PageContext };

const NO_ANSWER = "This page can't be read right now. Reload it, or open another page.";

/** Whether a change pushed by a content script is about the page this panel shows. */
export function isFromActiveTab(
  sender: { tab?: { active?: boolean; windowId?: number }; frameId?: number } | undefined,
  windowId: number | undefined,
): boolean {
  const tab = sender?.tab;
  return (
    tab?.active === true &&
    (sender?.frameId ?? 0) === 0 &&
    windowId != null &&
    tab.windowId === windowId
  );
}

export interface PageContextSource {
  get(): PageContextState;
  subscribe(listener: () => void): () => void;
  refresh(): void;
}

/**
 * The page in the active tab of the panel's window, live, shared by every reader in the panel (one set
 * of listeners however many components read it; the messaging library allows one listener per message).
 * Asks the background on start, on tab switch, when the active tab loads or changes address or title,
 * and when the panel gets focus; takes pushes from the page's content script (a new selection).
 */
export function createPageContextSource(win: Window): PageContextSource {
  let state: PageContextState = { status: 'loading' };
  let windowId: number | undefined;
  let request = 0;
  const listeners = new Set<() => void>();
  let stop: (() => void) | null = null;

  const set = (next: PageContextState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const refresh = () => {
    const mine = ++request;
    const ask = async () => {
      windowId ??= (await browser.windows.getCurrent()).id;
      return sendMessage('getActivePageContext', { windowId });
    };
    ask()
      .catch(() => unreadablePage(NO_ANSWER))
      .then((context) => {
        // Only the newest answer counts: tabs change faster than pages answer.
        if (mine === request) set({ status: 'ready', context });
      });
  };

  const start = () => {
    const inWindow = (id: number) => windowId == null || id === windowId;
    const onActivated = (info: Browser.tabs.OnActivatedInfo) => {
      if (inWindow(info.windowId)) refresh();
    };
    const onUpdated = (
      _tabId: number,
      change: Browser.tabs.OnUpdatedInfo,
      tab: Browser.tabs.Tab,
    ) => {
      if (
        (change.status === 'complete' || change.url != null || change.title != null) &&
        tab.active &&
        inWindow(tab.windowId)
      )
        refresh();
    };
    const onFocus = () => refresh();
    const stopPushes = onMessage('pageContextChanged', ({ data, sender }) => {
      if (!isFromActiveTab(sender, windowId) || !isPageContext(data)) return;
      // A push is newer than any answer still on its way.
      request++;
      set({ status: 'ready', context: data });
    });
    browser.tabs.onActivated.addListener(onActivated);
    browser.tabs.onUpdated.addListener(onUpdated);
    win.addEventListener('focus', onFocus);
    refresh();
    return () => {
      stopPushes();
      browser.tabs.onActivated.removeListener(onActivated);
      browser.tabs.onUpdated.removeListener(onUpdated);
      win.removeEventListener('focus', onFocus);
    };
  };

  return {
    get: () => state,
    refresh,
    subscribe(listener) {
      listeners.add(listener);
      stop ??= start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = null;
        }
      };
    },
  };
}
