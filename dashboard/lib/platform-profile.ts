import { useQuery } from '@tanstack/react-query';
import { callableState } from '@core/react/callable-state';
import { callableReads, PROFILE_TTL_MS } from '@core/react/query-client';
import type { PlatformProfile, PublishPlatform } from '@core/social-posts';
import { call, type CallableFailure } from './call';

// getPlatformProfile for the social pages and Home's Social Media Overview. A platform's profile read may
// be billed per request (X), so a success is kept for a few minutes and shared by every screen
// (core/react/query-client.ts); a failure is not kept, so the next screen asks again.

export type ProfileState =
  | { status: 'loading' }
  | { status: 'success'; data: PlatformProfile }
  | { status: 'error'; failure: CallableFailure };

const profileKey = (platform: PublishPlatform) => ['getPlatformProfile', platform] as const;

/** Forgets every kept profile (after credentials change, and between tests). */
export function clearPlatformProfiles(): void {
  callableReads.removeQueries({ queryKey: ['getPlatformProfile'] });
}

/** The platform's profile: follower figures and, on LinkedIn, who may post. */
export function usePlatformProfile(
  platform: PublishPlatform,
  { enabled = true }: { enabled?: boolean } = {},
): ProfileState {
  const query = useQuery(
    {
      queryKey: profileKey(platform),
      queryFn: () => call('getPlatformProfile', { platform }),
      staleTime: PROFILE_TTL_MS,
      gcTime: PROFILE_TTL_MS,
      enabled,
    },
    callableReads,
  );
  return callableState(query, 'Failed to load your account');
}
