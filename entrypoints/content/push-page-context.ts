import { PAGE_CONTEXT_LIMITS, sendMessage, type PageContext } from '@core/messaging';
import { extractPageContext } from './page-context';

/** How long the selection must rest before the panel hears of it: one message per gesture, not per pixel dragged. */
export const SELECTION_DEBOUNCE_MS = 250;

/**
 * Tells an open side panel about the page when the script starts and when it changes under the user
 * (today: the selection), so the panel follows without a Refresh. Sends only while the tab is visible and only when the context differs from
 * the last one sent. No panel open is normal: the failed send is ignored.
 */
export function pushPageContextChanges(
  doc: Document,
  win: Window,
  send: (context: PageContext) => Promise<unknown> = (context) =>
    sendMessage('pageContextChanged', context),
  read: () => PageContext = () => extractPageContext(PAGE_CONTEXT_LIMITS),
): () => void {
  let timer: number | undefined;
  let last = '';
  const flush = () => {
    timer = undefined;
    if (doc.visibilityState === 'hidden') return;
    const context = read();
    const key = JSON.stringify(context);
    if (key === last) return;
    last = key;
    send(context).catch(() => {
      // No side panel is open: nothing to update. Send again next time.
      last = '';
    });
  };
  const schedule = () => {
    if (timer !== undefined) win.clearTimeout(timer);
    timer = win.setTimeout(flush, SELECTION_DEBOUNCE_MS);
  };
  doc.addEventListener('selectionchange', schedule);
  // Once on start too: a panel whose first question timed out while this page was loading catches up.
  schedule();
  return () => {
    doc.removeEventListener('selectionchange', schedule);
    if (timer !== undefined) win.clearTimeout(timer);
  };
}
