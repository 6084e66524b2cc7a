import { CheckCircle2, KeyRound, Link2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { socialPlatformLabels } from '@core/integrations';
import { oauthButtons, type OAuthPlatform } from '@core/social-oauth';
import { Button, buttonClasses } from '@core/ui/button';
import { useOAuthAccount, type OAuthAccountState } from '../api/social-connections';
import { useStartSocialOAuth } from '@/lib/social-oauth';
import { SOCIAL_INTEGRATIONS } from './connect-alert';

// The account section of the Reddit and YouTube pages: without saved credentials, the way to Integrations;
// with them, the button that starts Connect at the platform (startSocialOAuth); connected, who posts.

// A first connect says Connect; only an account whose last refresh was refused says Reconnect.
const actionLabel = (platform: OAuthPlatform, state: string) =>
  oauthButtons[platform][state === 'needs-reconnect' ? 'reconnect' : 'connect'];
const integrationsLabel: Record<OAuthPlatform, string> = {
  reddit: 'Connect Reddit Account',
  youtube: 'Connect YouTube Account',
};

export function connectionSentence(
  platform: OAuthPlatform,
  state: Exclude<OAuthAccountState, 'loading'>,
): string {
  const label = socialPlatformLabels[platform];
  switch (state) {
    case 'no-credentials':
      return `Save your ${label} app's Client ID and Client Secret in Integrations first.`;
    case 'not-connected':
      return oauthButtons[platform].notConnected;
    case 'needs-reconnect':
      return `Your ${label} connection has expired or was revoked. Connect again to keep posting.`;
    case 'connected':
      return `${label} account connected.`;
  }
}

/** `actionOnly`: just the button or link, for a page that says where the account stands itself (YouTube's). */
export function OAuthConnect({
  platform,
  onStart,
  actionOnly = false,
}: {
  platform: OAuthPlatform;
  onStart?: (url: string) => void;
  actionOnly?: boolean;
}) {
  const state = useOAuthAccount(platform);
  const { start, isPending } = useStartSocialOAuth(platform, onStart);
  if (state === 'loading') return <p className="text-sm text-muted-foreground">Loading...</p>;
  const sentence = connectionSentence(platform, state);
  if (actionOnly) {
    return state === 'no-credentials' ? (
      <Link
        to={SOCIAL_INTEGRATIONS}
        className={buttonClasses('outline', 'sm', 'shrink-0 text-foreground')}
      >
        {integrationsLabel[platform]}
      </Link>
    ) : (
      <Button
        size="sm"
        variant={state === 'connected' ? 'ghost' : 'default'}
        className="shrink-0"
        onClick={() => void start()}
        loading={isPending}
      >
        {isPending || state === 'connected' ? null : <Link2 aria-hidden="true" />}
        {state === 'connected' ? 'Reconnect' : actionLabel(platform, state)}
      </Button>
    );
  }
  if (state === 'connected') {
    return (
      <div
        role="status"
        className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border bg-muted/50 px-4 py-3 text-sm"
      >
        <p className="flex items-center gap-2">
          <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
          {sentence}
        </p>
        <Button variant="ghost" size="sm" onClick={() => void start()} loading={isPending}>
          Reconnect
        </Button>
      </div>
    );
  }
  const danger = state === 'needs-reconnect';
  return (
    <div
      role={danger ? 'alert' : 'status'}
      className={
        danger
          ? 'flex flex-col gap-3 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive sm:flex-row sm:items-center sm:justify-between'
          : 'flex flex-col gap-3 rounded-md border border-border bg-muted/50 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between'
      }
    >
      <p className="flex items-start gap-2">
        <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{sentence}</span>
      </p>
      {state === 'no-credentials' ? (
        <Link
          to={SOCIAL_INTEGRATIONS}
          className={buttonClasses('outline', 'sm', 'shrink-0 text-foreground')}
        >
          {integrationsLabel[platform]}
        </Link>
      ) : (
        <Button size="sm" className="shrink-0" onClick={() => void start()} loading={isPending}>
          {isPending ? null : <Link2 aria-hidden="true" />}
          {actionLabel(platform, state)}
        </Button>
      )}
    </div>
  );
}
