// The real module path rather than WXT's '#imports': core/ is also type-checked outside WXT.
import { storage } from 'wxt/utils/storage';

/** A selection the user sent from a page with the context menu, waiting for the side panel. */
export interface SentSelection {
  text: string;
  pageUrl: string;
  pageTitle: string;
  sentAt: number;
}

/**
 * Session storage: the hand-off between the background and the side panel. It is cleared when the
 * browser closes, and session storage is not readable by content scripts.
 */
export const sentSelectionStorage = storage.defineItem<SentSelection | null>('session:sentSelection', {
  fallback: null,
});
