import { defineContentScript } from '#imports';
import { onMessage, PAGE_CONTEXT_LIMITS } from '@core/messaging';
import { DEFAULT_DASHBOARD_URL } from '@core/routes';
import { watchDashboardSignIn } from './dashboard-sign-in';
import { extractPageContext } from './page-context';
import { pushPageContextChanges } from './push-page-context';

export default defineContentScript({
  matches: ['<all_urls>'],
  main() {
    onMessage('getPageContext', () => extractPageContext(PAGE_CONTEXT_LIMITS));
    pushPageContextChanges(document, window);
    watchDashboardSignIn(
      window,
      (import.meta.env.VITE_DASHBOARD_URL as string | undefined) || DEFAULT_DASHBOARD_URL,
    );
  },
});
