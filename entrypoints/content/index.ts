import { defineContentScript } from '#imports';
import { onMessage, PAGE_CONTEXT_LIMITS } from '@core/messaging';
import { extractPageContext } from './page-context';

export default defineContentScript({
  matches: ['<all_urls>'],
  main() {
    onMessage('getPageContext', () => extractPageContext(PAGE_CONTEXT_LIMITS));
  },
});
