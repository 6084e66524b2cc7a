import { useEffect, useState } from 'react';
import type { PlatformProfile, PublishPlatform } from '@core/social-posts';
import { call, readCallableError, type CallableFailure } from '@/lib/call';

export type ProfileState = { status: 'loading' } | { status: 'success'; data: PlatformProfile } | { status: 'error'; failure: CallableFailure };

/** getPlatformProfile once per page visit: follower figures and, on LinkedIn, who may post. */
export function usePlatformProfile(platform: PublishPlatform): ProfileState {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    call('getPlatformProfile', { platform }).then(
      (data) => live && setState({ status: 'success', data }),
      (error: unknown) => live && setState({ status: 'error', failure: readCallableError(error, 'Failed to load your account') }),
    );
    return () => {
      live = false;
    };
  }, [platform]);
  return state;
}
