import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@core/routes';
import { oauthMessages, type OAuthPlatform } from '@core/social-oauth';
import { readCallableError } from '@/lib/call';
import { clearPlatformProfiles } from '@/lib/platform-profile';
import { toast } from '@/lib/toast';
import { completeSocialOAuth } from '../api/social-oauth';

// /social/reddit/callback and /social/youtube/callback: where the platform sends the user back. The code
// and state go to completeSocialOAuth, which checks the state (a single-use server-side nonce) and stores
// the tokens; the page says how it went and returns to the platform's page.

const pagePaths: Record<OAuthPlatform, string> = {
  reddit: paths.socialReddit,
  youtube: paths.socialYoutube,
};

export function OAuthCallbackRoute({ platform }: { platform: OAuthPlatform }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // One exchange per visit: a second effect run (StrictMode, a re-render) must not spend the state again.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const back = () => navigate(pagePaths[platform], { replace: true });
    const error = params.get('error');
    const code = params.get('code');
    const state = params.get('state') ?? '';
    if (error) {
      toast({
        title: oauthMessages.failedTitle,
        description: oauthMessages.deniedBody(platform, error.slice(0, 100)),
        variant: 'destructive',
      });
      back();
      return;
    }
    if (!code) {
      toast({
        title: oauthMessages.failedTitle,
        description: oauthMessages.noCode,
        variant: 'destructive',
      });
      back();
      return;
    }
    if (!/^[A-Za-z0-9_-]{43}$/.test(state)) {
      // Not a state this app made: refused without asking the functions.
      toast({
        title: oauthMessages.failedTitle,
        description: oauthMessages.stateRefused(platform, 'unknown'),
        variant: 'destructive',
      });
      back();
      return;
    }
    completeSocialOAuth(platform, code, state).then(
      () => {
        clearPlatformProfiles();
        toast({ title: 'Success', description: oauthMessages.connected(platform) });
        back();
      },
      (e: unknown) => {
        toast({
          title: oauthMessages.failedTitle,
          description: readCallableError(e, oauthMessages.completeFailed(platform)).message,
          variant: 'destructive',
        });
        back();
      },
    );
  }, [params, platform, navigate]);

  return (
    <div role="status" className="grid min-h-[50vh] place-items-center text-center">
      <div className="grid justify-items-center gap-3">
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
        <h1 className="text-xl font-semibold">{oauthMessages.connectingTitle(platform)}</h1>
        <p className="text-muted-foreground">{oauthMessages.connectingBody}</p>
      </div>
    </div>
  );
}

export function RedditCallbackRoute() {
  return <OAuthCallbackRoute platform="reddit" />;
}

export function YoutubeCallbackRoute() {
  return <OAuthCallbackRoute platform="youtube" />;
}
