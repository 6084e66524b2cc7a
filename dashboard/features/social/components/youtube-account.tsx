import { CheckCircle2, KeyRound, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@core/ui/button';
import type { YouTubeAccountState } from '@core/youtube-form';
import { YOUTUBE_TEXT } from '@core/youtube-form';
import { SOCIAL_INTEGRATIONS } from './connect-alert';

/**
 * Where the YouTube account stands, read live from users/{uid}/socialAccounts/youtube. `connectAction` is the
 * Authenticate with YouTube control (the OAuth flow): shown whenever the account needs a token, and as
 * Reconnect once connected. `problem` says why the channel could not be read (e.g. a used-up quota), so a
 * connected account with sample figures is never left unexplained.
 */
export function YouTubeAccount({
  state,
  channelName,
  connectAction,
  problem = null,
}: {
  state: YouTubeAccountState | 'loading';
  channelName: string | null;
  connectAction?: ReactNode;
  problem?: string | null;
}) {
  if (state === 'loading') {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-md border border-border bg-muted/50 px-4 py-3 text-sm text-muted-foreground"
      >
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Checking your YouTube
        account...
      </p>
    );
  }
  if (state === 'ready') {
    return (
      <div
        role="status"
        className="flex flex-col gap-3 rounded-md border border-border bg-muted/50 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="flex items-center gap-2">
            <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden="true" />
            {channelName ? `Connected to ${channelName}` : 'YouTube connected'}
          </p>
          {problem ? <p className="text-muted-foreground">{problem}</p> : null}
        </div>
        {connectAction ? (
          <div className="shrink-0 self-start sm:self-center">{connectAction}</div>
        ) : null}
      </div>
    );
  }
  if (state === 'no-credentials') {
    return (
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-start gap-2">
          <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{YOUTUBE_TEXT.connect}</span>
        </p>
        <Link
          to={SOCIAL_INTEGRATIONS}
          className={buttonClasses('outline', 'sm', 'shrink-0 text-foreground')}
        >
          Connect YouTube Account
        </Link>
      </div>
    );
  }
  return (
    <div
      role="alert"
      data-testid="youtube-authenticate"
      className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="grid gap-1 text-destructive">
        <p className="flex items-center gap-2 font-medium">
          <KeyRound className="size-4 shrink-0" aria-hidden="true" />
          {YOUTUBE_TEXT.authRequiredTitle}
        </p>
        <p>{state === 'needs-reconnect' ? YOUTUBE_TEXT.reconnect : YOUTUBE_TEXT.authRequired}</p>
      </div>
      {connectAction ? <div className="shrink-0">{connectAction}</div> : null}
    </div>
  );
}
