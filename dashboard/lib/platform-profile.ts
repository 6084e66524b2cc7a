import { useEffect, useState } from 'react';
import type { PlatformProfile, PublishPlatform } from '@core/social-posts';
import { call, readCallableError, type CallableFailure } from './call';

// getPlatformProfile for the social pages and Home's Social Media Overview. A platform's profile read may
// be billed per request (X), so a success is kept for a few minutes and shared by every screen.

export type ProfileState = { status: 'loading' } | { status: 'success'; data: PlatformProfile } | { status: 'error'; failure: CallableFailure };

export const PROFILE_TTL_MS = 10 * 60 * 1000;
const cache = new Map<PublishPlatform, { data: PlatformProfile; at: number }>();

/** Forgets every kept profile (after credentials change, and between tests). */
export function clearPlatformProfiles(): void {
  cache.clear();
}

function fresh(platform: PublishPlatform, now: number): PlatformProfile | null {
  const hit = cache.get(platform);
  return hit && now - hit.at < PROFILE_TTL_MS ? hit.data : null;
}

/** The platform's profile: follower figures and, on LinkedIn, who may post. */
export function usePlatformProfile(platform: PublishPlatform, { enabled = true }: { enabled?: boolean } = {}): ProfileState {
  const [state, setState] = useState<ProfileState>(() => {
    const data = fresh(platform, Date.now());
    return data ? { status: 'success', data } : { status: 'loading' };
  });
  useEffect(() => {
    if (!enabled) return;
    const data = fresh(platform, Date.now());
    if (data) {
      setState({ status: 'success', data });
      return;
    }
    let live = true;
    call('getPlatformProfile', { platform }).then(
      (profile) => {
        cache.set(platform, { data: profile, at: Date.now() });
        if (live) setState({ status: 'success', data: profile });
      },
      (error: unknown) => live && setState({ status: 'error', failure: readCallableError(error, 'Failed to load your account') }),
    );
    return () => {
      live = false;
    };
  }, [platform, enabled]);
  return state;
}
