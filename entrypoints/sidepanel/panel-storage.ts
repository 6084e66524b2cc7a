import { storage } from '#imports';
import type { DraftFields } from '@core/data/draft';

// What the side panel keeps across closing and opening: local storage survives both, and the browser.

/**
 * The draft on screen: its id once Firestore has it, and its fields as last typed. `dirty` means the
 * fields may not have reached Firestore yet; the panel saves them again when it opens.
 */
export interface StoredPanelDraft {
  id: string | null;
  fields: DraftFields;
  dirty: boolean;
}

export const panelDraftStorage = storage.defineItem<StoredPanelDraft | null>('local:panelDraft', {
  fallback: null,
});

/** The image job the panel started last, so it re-attaches to it after being closed mid-job. */
export const panelImageJobStorage = storage.defineItem<{ jobId: string } | null>(
  'local:panelImageJob',
  { fallback: null },
);

/**
 * When the user last opened the inbox from the panel, per account (epoch ms). The account's read time is the
 * one in Firestore (core/inbox.ts, inboxStatePath), which the dashboard moves too; this copy wakes the
 * background at once and counts until Firestore has the panel's mark (the badge takes the later of the two).
 */
export const inboxReadAtStorage = storage.defineItem<Record<string, number>>('local:inboxReadAt', {
  fallback: {},
});
