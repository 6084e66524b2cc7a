import { browser, type Browser } from '#imports';
import { sentSelectionStorage } from '@core/extension-storage';
import { PAGE_CONTEXT_LIMITS } from '@core/messaging';
import { openSidePanel } from './side-panel';

export const SEND_SELECTION_MENU = { id: 'muse-send-selection', title: 'Send selection to Muse Studio' } as const;

export function createContextMenus(): void {
  browser.contextMenus.create({ ...SEND_SELECTION_MENU, contexts: ['selection'] });
}

/** Stores the selected text for the side panel and opens the panel. */
export async function handleContextMenuClick(info: Browser.contextMenus.OnClickData, tab: Browser.tabs.Tab | undefined, now: () => number = Date.now): Promise<void> {
  if (info.menuItemId !== SEND_SELECTION_MENU.id) return;
  const text = info.selectionText?.trim();
  if (!text) return;
  // Started before the first await: the click's user gesture is what allows opening the panel.
  const opening = openSidePanel(tab).catch((error: unknown) => {
    console.warn('[muse] could not open the side panel', error);
  });
  await sentSelectionStorage.setValue({
    text: text.slice(0, PAGE_CONTEXT_LIMITS.selectionChars),
    pageUrl: info.pageUrl ?? tab?.url ?? '',
    pageTitle: tab?.title ?? '',
    sentAt: now(),
  });
  await opening;
}
