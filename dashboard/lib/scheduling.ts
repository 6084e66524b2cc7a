import { doc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore';
import { useCallback, useMemo } from 'react';
import { userDocPath } from '@core/firestore-paths';
import { publishPlatforms, type PublishPlatform } from '@core/platforms/facts';
import {
  channelZone,
  MAX_SLOTS_PER_CHANNEL,
  postingSlotSchema,
  type PostingSlot,
  type Scheduling,
} from '@core/queue-slots';
import { isKnownTimeZone, userTimeZone } from '@core/schedule';
import { getFirebase } from './firebase';
import { useProfile } from './profile';

// The workspace's time zone and posting slots live on the user's profile document (users/{uid}.scheduling),
// beside their other settings. Every schedule field reads and shows times in this zone; until the user
// picks one, it is the browser's. A channel may have a zone of its own (`zones`): its posting slots, and
// the posts Add to queue plans on them, are read in it.

export interface WorkspaceScheduling extends Scheduling {
  /** The zone times are read and shown in: the stored one, else the browser's. */
  zone: string;
  loading: boolean;
}

export function useScheduling(): WorkspaceScheduling {
  const { profile, loading } = useProfile();
  const browser = useMemo(userTimeZone, []);
  const { timeZone, slots, zones } = profile.scheduling;
  return { timeZone, slots, ...(zones ? { zones } : {}), zone: timeZone ?? browser, loading };
}

/** The workspace's zone ('Europe/Berlin'): the one picked in Settings, else the browser's. */
export function useWorkspaceTimeZone(): string {
  return useScheduling().zone;
}

/**
 * The zone a time is shown in: the channel's own where set (core/queue-slots.ts channelZone), else the
 * workspace's. Every list of posts shows each one's times in it, never the zone a post was planned in.
 */
export function useShownZone(): (platform?: PublishPlatform) => string {
  const { zone, zones } = useScheduling();
  return useCallback(
    (platform?: PublishPlatform) => (platform ? channelZone({ zones }, platform, zone) : zone),
    [zone, zones],
  );
}

/** The whole scheduling map, replacing the stored one (a channel's removed slots go with it). */
export async function saveScheduling(
  db: Firestore,
  uid: string,
  scheduling: Scheduling,
): Promise<void> {
  if (scheduling.timeZone !== null && !isKnownTimeZone(scheduling.timeZone))
    throw new Error('Unknown time zone');
  const slots = Object.fromEntries(
    publishPlatforms.map((p): [PublishPlatform, PostingSlot[]] => [
      p,
      (scheduling.slots[p] ?? [])
        .slice(0, MAX_SLOTS_PER_CHANNEL)
        .map((s) => postingSlotSchema.parse(s)),
    ]),
  );
  const zones = Object.fromEntries(
    publishPlatforms.flatMap((p) => (scheduling.zones?.[p] ? [[p, scheduling.zones[p]]] : [])),
  );
  for (const z of Object.values(zones))
    if (!isKnownTimeZone(z)) throw new Error('Unknown time zone');
  const stored = {
    ...(scheduling.timeZone === null ? {} : { timeZone: scheduling.timeZone }),
    slots,
    ...(Object.keys(zones).length > 0 ? { zones } : {}),
  };
  await setDoc(
    doc(db, userDocPath(uid)),
    { scheduling: stored, updatedAt: serverTimestamp() },
    { mergeFields: ['scheduling', 'updatedAt'] },
  );
}

export function useSaveScheduling(): (uid: string, scheduling: Scheduling) => Promise<void> {
  return useCallback(
    (uid: string, scheduling: Scheduling) => saveScheduling(getFirebase().db, uid, scheduling),
    [],
  );
}
