import { browser, type Browser } from '#imports';

/** Firefox's side panel (sidebar_action); Chrome's types do not describe it. */
interface SidebarAction {
  open(): Promise<void>;
  toggle(): Promise<void>;
}

function firefoxSidebar(): SidebarAction | undefined {
  return (browser as unknown as { sidebarAction?: SidebarAction }).sidebarAction;
}

/** Clicking the toolbar button opens the side panel. */
export function openPanelOnActionClick(): void {
  if (browser.sidePanel) {
    browser.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch((error: unknown) => {
      console.warn('[muse] could not make the toolbar button open the side panel', error);
    });
    return;
  }
  const sidebar = firefoxSidebar();
  const action =
    browser.action ??
    (browser as unknown as { browserAction?: typeof browser.action }).browserAction;
  if (sidebar && action) action.onClicked.addListener(() => void sidebar.toggle());
}

/**
 * Opens the side panel in the tab's window. Call it before any await in an event handler: browsers
 * only allow it inside the user gesture (a click), which ends at the first await.
 */
export async function openSidePanel(tab: Browser.tabs.Tab | undefined): Promise<void> {
  if (browser.sidePanel) {
    if (tab?.windowId == null) throw new Error('No window to open the side panel in');
    await browser.sidePanel.open({ windowId: tab.windowId });
    return;
  }
  await firefoxSidebar()?.open();
}
