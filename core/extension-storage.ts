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
export const sentSelectionStorage = storage.defineItem<SentSelection | null>(
  'session:sentSelection',
  {
    fallback: null,
  },
);

/**
 * What the user asked for from outside the panel (a context-menu entry), waiting for the side panel to
 * act on it. The panel reads it with usePanelIntent (entrypoints/sidepanel/hooks/use-panel-intent.ts)
 * and clears it once acted on (consume), so it runs once. A newer intent replaces an older one.
 *
 * - writePost: "Write a post about this page": open the post writer on that page (selection may be '').
 * - useImage: "Use this image in Muse Studio": the image's address, to attach to the draft or to use as
 *   the reference of a new image (the panel reads the bytes on the user's next click; nothing is fetched
 *   here).
 */
export type PanelIntent =
  | {
      id: string;
      kind: 'writePost';
      pageUrl: string;
      pageTitle: string;
      selection: string;
      createdAt: number;
    }
  | {
      id: string;
      kind: 'useImage';
      imageUrl: string;
      pageUrl: string;
      pageTitle: string;
      createdAt: number;
    };

export const panelIntentStorage = storage.defineItem<PanelIntent | null>('session:panelIntent', {
  fallback: null,
});

/**
 * A one-time sign-in code the signed-in dashboard handed the extension (docs/architecture.md, "One
 * sign-in"). The signed-out panel redeems it once and clears it; it expires on the server within a minute.
 */
export interface PendingSignIn {
  code: string;
  receivedAt: number;
}

export const pendingSignInStorage = storage.defineItem<PendingSignIn | null>(
  'session:pendingSignIn',
  { fallback: null },
);
