import { browser } from '#imports';
import { latestReadAt } from '@core/inbox';
import { showFailureBadge } from '../sidepanel/logic/failure-badge';
import { inboxReadAtStorage } from '../sidepanel/panel-storage';
import type { BadgeReads } from './badge-reads';

// The badge of failed posts while the side panel is closed. An MV3 worker sleeps after 30 s idle, so it cannot
// hold a Firestore listener: an alarm wakes it every minute to count the failures not read yet (with the session
// the panel signed in, which the worker shares; one count query, badge-reads.ts) by the inbox's own rule
// (core/inbox.ts), after the account's read time in Firestore (users/{uid}/inbox/state), which the
// dashboard's Mark all read and the panel's Open inbox both move: a read on the dashboard clears the badge at
// the next alarm. Opening the inbox from the panel also keeps its time in the extension's storage, which wakes
// the worker, so the badge clears at once, even before Firestore has the panel's mark. The open panel keeps its
// live count (sidepanel/hooks/use-failure-badge.ts).

export const FAILURE_BADGE_ALARM = 'muse-failure-badge';
/** How often the closed panel's badge is read again: Chrome's alarms fire at most every 30 s in a packed extension. */
export const FAILURE_BADGE_PERIOD_MINUTES = 1;

/** Where the background reads the signed-in user and that account's badge (badge-reads.ts; a fake in tests). */
export interface FailureBadgeSource extends BadgeReads {
  /** The account the panel is signed in with, or null when signed out. */
  currentUid(): Promise<string | null>;
}

/** Reads the failures not read yet and shows their count on the toolbar icon (none when signed out); the count, or null signed out. */
export async function refreshFailureBadge(
  source: FailureBadgeSource,
  show: (count: number) => Promise<void> = showFailureBadge,
): Promise<number | null> {
  const uid = await source.currentUid();
  if (!uid) {
    await show(0);
    return null;
  }
  const [shared, panel] = await Promise.all([
    source.readReadAt(uid),
    inboxReadAtStorage.getValue(),
  ]);
  // The later of the two (both server times: core/inbox.ts's read rule): a read time only moves forward, and the
  // panel's own may not have reached Firestore yet. Then one count of the failures after it: two reads a minute.
  const count = await source.countUnreadFailures(uid, latestReadAt(shared, panel[uid]));
  await show(count);
  return count;
}

/**
 * Keeps the badge while the panel is closed: an alarm every FAILURE_BADGE_PERIOD_MINUTES, a read when the inbox is
 * opened (its read time changes) and when the browser starts (the alarm is made again at each wake-up if
 * the browser dropped it, as on an update). `source` is made on the first read, so a worker woken
 * for something else loads no Firebase. Runs synchronously in main(), so the listeners hear the event that woke it.
 */
export function registerFailureBadge(
  source: () => FailureBadgeSource,
  show: (count: number) => Promise<void> = showFailureBadge,
): () => Promise<number | null> {
  let made: FailureBadgeSource | null = null;
  const reader = () => (made ??= source());
  // One read at a time: a second request while one runs reads again once it ends, so the last event counts.
  let running: Promise<number | null> | null = null;
  let again = false;
  const refresh = (): Promise<number | null> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let count: number | null = null;
      do {
        again = false;
        try {
          count = await refreshFailureBadge(reader(), show);
        } catch (error) {
          // Offline or a token that could not refresh: the badge keeps its last count until the next alarm.
          console.warn('[muse] could not read the failed posts for the badge', error);
        }
      } while (again);
      running = null;
      return count;
    })();
    return running;
  };

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === FAILURE_BADGE_ALARM) void refresh();
  });
  inboxReadAtStorage.watch(() => void refresh());
  browser.runtime.onStartup.addListener(() => void refresh());
  // Created once: creating it again at every wake-up would move its next time and it might never fire.
  void browser.alarms.get(FAILURE_BADGE_ALARM).then((existing) => {
    if (!existing)
      void browser.alarms.create(FAILURE_BADGE_ALARM, {
        periodInMinutes: FAILURE_BADGE_PERIOD_MINUTES,
        delayInMinutes: FAILURE_BADGE_PERIOD_MINUTES,
      });
  });
  return refresh;
}
