import { browser } from '#imports';
import { onMessage } from '@core/messaging';
import { DEFAULT_DASHBOARD_URL } from '@core/routes';
import { getActivePageContext } from './active-page-context';
import { createContextMenus, handleContextMenuClick } from './context-menu';
import { receiveDashboardSignInCode } from './dashboard-sign-in';
import { registerFailureBadge, type FailureBadgeSource } from './failure-badge';
import { createInboxSource } from './inbox-source';
import { openPanelOnActionClick } from './side-panel';

/** Wires every background listener. Runs synchronously in main() so the worker hears events that woke it. */
export function registerBackground(
  dashboardUrl: string = DEFAULT_DASHBOARD_URL,
  inboxSource: () => FailureBadgeSource = createInboxSource,
): void {
  openPanelOnActionClick();
  browser.runtime.onInstalled.addListener(() => {
    createContextMenus();
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    void handleContextMenuClick(info, tab);
  });
  onMessage('getActivePageContext', ({ data }) => getActivePageContext(data.windowId));
  registerFailureBadge(inboxSource);
  onMessage('dashboardSignInCode', ({ data, sender }) =>
    receiveDashboardSignInCode(data.code, sender, browser.runtime.id, dashboardUrl),
  );
}
