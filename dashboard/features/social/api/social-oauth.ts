import type { OAuthPlatform } from '@core/social-oauth';
import { call } from '@/lib/call';

// The return half of Connect (the start is dashboard/lib/social-oauth.ts, shared with Integrations):
// /social/{platform}/callback hands the code and state to completeSocialOAuth.

export function completeSocialOAuth(platform: OAuthPlatform, code: string, state: string) {
  return call('completeSocialOAuth', { platform, code, state });
}
