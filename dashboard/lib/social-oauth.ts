import { useState } from 'react';
import { oauthMessages, type OAuthPlatform } from '@core/social-oauth';
import { call, readCallableError } from './call';
import { toast } from './toast';

// Starts Connect for Reddit and YouTube (the platform pages and Integrations): the function returns the
// platform's authorize URL (its state is a server-side nonce; the client secret never reaches the
// browser) and the page goes there. The platform sends the user back to /social/{platform}/callback.

/** Navigates to the platform's consent page, or says why it cannot. */
export function useStartSocialOAuth(
  platform: OAuthPlatform,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): { start: () => Promise<void>; isPending: boolean } {
  const [isPending, setPending] = useState(false);
  const start = async () => {
    if (isPending) return;
    setPending(true);
    try {
      const { authorizeUrl } = await call('startSocialOAuth', { platform });
      navigate(authorizeUrl);
    } catch (error) {
      const failure = readCallableError(error, oauthMessages.startFailed(platform));
      toast({
        title: oauthMessages.failedTitle,
        description: failure.message,
        variant: 'destructive',
      });
      setPending(false);
    }
  };
  return { start, isPending };
}
