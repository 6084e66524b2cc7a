import { browser } from '#imports';

// The number on the extension's toolbar icon: the signed-in user's failed posts not read yet in the inbox
// (core/inbox.ts, unreadFailures), on a red badge; no badge at 0.

/** The badge's red: the destructive colour of the panel and the dashboard (core/ui). */
export const FAILURE_BADGE_COLOR = '#dc2626';

/** The badge's text for a count: '' hides it; more than 99 shows '99+' (a badge fits about four characters). */
export function failureBadgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** The toolbar button's API: `action` in MV3, `browserAction` in Firefox's MV2 build. */
function toolbarAction(): typeof browser.action | undefined {
  return (
    browser.action ??
    (browser as unknown as { browserAction?: typeof browser.action }).browserAction
  );
}

/** Shows the count on the toolbar icon (empty at 0), with the tooltip saying what it counts. */
export async function showFailureBadge(count: number): Promise<void> {
  const action = toolbarAction();
  if (!action) return;
  const text = failureBadgeText(count);
  await action.setBadgeText({ text });
  if (text) await action.setBadgeBackgroundColor({ color: FAILURE_BADGE_COLOR });
  await action.setTitle({
    title: text ? `Muse Studio: ${count} failed post${count === 1 ? '' : 's'}` : 'Open Muse Studio',
  });
}
