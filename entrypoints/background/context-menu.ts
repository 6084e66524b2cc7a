import { browser, type Browser } from '#imports';
import {
  panelIntentStorage,
  sentSelectionStorage,
  type PanelIntent,
} from '@core/extension-storage';
import { PAGE_CONTEXT_LIMITS } from '@core/messaging';
import { openSidePanel } from './side-panel';

export const WRITE_POST_MENU = {
  id: 'muse-write-post',
  title: 'Write a post about this page',
} as const;
export const SEND_SELECTION_MENU = {
  id: 'muse-send-selection',
  title: 'Send selection to Muse Studio',
} as const;
export const USE_IMAGE_MENU = {
  id: 'muse-use-image',
  title: 'Use this image in Muse Studio',
} as const;

export function createContextMenus(): void {
  browser.contextMenus.create({ ...WRITE_POST_MENU, contexts: ['page', 'selection'] });
  browser.contextMenus.create({ ...SEND_SELECTION_MENU, contexts: ['selection'] });
  // Only images on the web: a data: or blob: picture has no address the panel could use later.
  browser.contextMenus.create({
    ...USE_IMAGE_MENU,
    contexts: ['image'],
    targetUrlPatterns: ['http://*/*', 'https://*/*'],
  });
}

export interface MenuDeps {
  now: () => number;
  newId: () => string;
}

const defaultDeps: MenuDeps = { now: Date.now, newId: () => crypto.randomUUID() };

/** What a click stores for the panel, or null when the click carries nothing to act on. */
async function storeFor(
  info: Browser.contextMenus.OnClickData,
  tab: Browser.tabs.Tab | undefined,
  deps: MenuDeps,
): Promise<void> {
  const pageUrl = info.pageUrl ?? tab?.url ?? '';
  const pageTitle = tab?.title ?? '';
  const selection = (info.selectionText ?? '').trim().slice(0, PAGE_CONTEXT_LIMITS.selectionChars);
  if (info.menuItemId === SEND_SELECTION_MENU.id) {
    await sentSelectionStorage.setValue({
      text: selection,
      pageUrl,
      pageTitle,
      sentAt: deps.now(),
    });
    return;
  }
  const base = { id: deps.newId(), pageUrl, pageTitle, createdAt: deps.now() };
  const intent: PanelIntent =
    info.menuItemId === WRITE_POST_MENU.id
      ? { ...base, kind: 'writePost', selection }
      : { ...base, kind: 'useImage', imageUrl: info.srcUrl ?? '' };
  await panelIntentStorage.setValue(intent);
}

function hasSomethingToSend(info: Browser.contextMenus.OnClickData): boolean {
  switch (info.menuItemId) {
    case WRITE_POST_MENU.id:
      return true;
    case SEND_SELECTION_MENU.id:
      return Boolean(info.selectionText?.trim());
    case USE_IMAGE_MENU.id:
      return /^https?:\/\//.test(info.srcUrl ?? '');
    default:
      return false;
  }
}

/** Stores what the clicked entry asks for (core/extension-storage.ts) and opens the panel. */
export async function handleContextMenuClick(
  info: Browser.contextMenus.OnClickData,
  tab: Browser.tabs.Tab | undefined,
  deps: Partial<MenuDeps> = {},
): Promise<void> {
  if (!hasSomethingToSend(info)) return;
  // Started before the first await: the click's user gesture is what allows opening the panel.
  const opening = openSidePanel(tab).catch((error: unknown) => {
    console.warn('[muse] could not open the side panel', error);
  });
  await storeFor(info, tab, { ...defaultDeps, ...deps });
  await opening;
}
