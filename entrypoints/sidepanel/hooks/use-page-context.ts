import { browser, type Browser } from '#imports';
import { sendMessage, type PageContext } from '@core/messaging';
import { useCallback, useEffect, useRef, useState } from 'react';

export type PageContextState = { status: 'loading' } | { status: 'ready'; context: PageContext | null };

/**
 * The page in the active tab of the side panel's window, asked from the background. Refreshed when
 * the user switches tab, a tab finishes loading, or the panel gets focus (after selecting text).
 */
export function usePageContext(): PageContextState & { refresh(): void } {
  const [state, setState] = useState<PageContextState>({ status: 'loading' });
  const windowIdRef = useRef<number | undefined>(undefined);
  const requestRef = useRef(0);

  const refresh = useCallback(() => {
    const request = ++requestRef.current;
    const ask = async () => {
      windowIdRef.current ??= (await browser.windows.getCurrent()).id;
      return sendMessage('getActivePageContext', { windowId: windowIdRef.current });
    };
    ask()
      .catch(() => null)
      .then((context) => {
        // Only the newest answer counts: tabs change faster than pages answer.
        if (request === requestRef.current) setState({ status: 'ready', context });
      });
  }, []);

  useEffect(() => {
    refresh();
    const onActivated = (info: Browser.tabs.OnActivatedInfo) => {
      if (windowIdRef.current == null || info.windowId === windowIdRef.current) refresh();
    };
    const onUpdated = (_tabId: number, change: Browser.tabs.OnUpdatedInfo, tab: Browser.tabs.Tab) => {
      if (change.status === 'complete' && tab.active && (windowIdRef.current == null || tab.windowId === windowIdRef.current)) refresh();
    };
    const onFocus = () => refresh();
    browser.tabs.onActivated.addListener(onActivated);
    browser.tabs.onUpdated.addListener(onUpdated);
    window.addEventListener('focus', onFocus);
    return () => {
      browser.tabs.onActivated.removeListener(onActivated);
      browser.tabs.onUpdated.removeListener(onUpdated);
      window.removeEventListener('focus', onFocus);
    };
  }, [refresh]);

  return { ...state, refresh };
}
