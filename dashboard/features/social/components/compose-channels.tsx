import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { platformLabels } from '@core/platforms';
import { paths } from '@core/routes';
import { BrandIcon } from '@/components/brand-icon';
import { cn } from '@core/ui/cn';
import {
  connectionLabel,
  fixesOnPlatformPage,
  type SocialConnection,
} from '@core/social-connections';
import { channels, type Channel } from '@core/compose';
import { SOCIAL_INTEGRATIONS } from './connect-alert';

/** Each channel's own page: its account, Recent Posts and settings, and Connect where it has one. */
export const CHANNEL_PAGE: Record<Channel, string> = {
  x: paths.socialX,
  linkedin: paths.socialLinkedin,
  reddit: paths.socialReddit,
  youtube: paths.socialYoutube,
};

const linkClass =
  'rounded-sm font-medium underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** Where a channel that cannot post yet is fixed, as the Social overview says it. */
export function ConnectLink({
  channel,
  connection,
}: {
  channel: Channel;
  connection: SocialConnection;
}) {
  const onPage = fixesOnPlatformPage(channel, connection);
  return (
    <Link to={onPage ? CHANNEL_PAGE[channel] : SOCIAL_INTEGRATIONS} className={linkClass}>
      {onPage
        ? `${connection.state === 'needs-connect' ? 'Connect' : 'Reconnect'} on the ${platformLabels[channel]} page`
        : `Connect ${platformLabels[channel]} in Integrations`}
    </Link>
  );
}

/** The channels to post to: a checkbox per connected channel; the others say why not and where to fix it. */
export function ComposeChannels({
  connections,
  chosen,
  onToggle,
}: {
  connections: Record<Channel, SocialConnection>;
  chosen: readonly Channel[];
  onToggle: (channel: Channel) => void;
}) {
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-3 text-sm font-medium leading-none">Channels</legend>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 2xl:grid-cols-4">
        {channels.map((channel) => {
          const connection = connections[channel];
          const ok = connection.state === 'connected';
          const picked = chosen.includes(channel);
          return (
            <li
              key={channel}
              className={cn(
                'grid min-w-0 gap-1.5 rounded-lg border p-3',
                picked && 'border-primary bg-primary/5',
              )}
            >
              <label
                className={cn(
                  'flex min-w-0 items-center gap-2 text-sm font-medium',
                  ok ? 'cursor-pointer' : 'cursor-not-allowed text-muted-foreground',
                )}
              >
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary"
                  checked={picked}
                  disabled={!ok}
                  onChange={() => onToggle(channel)}
                />
                <BrandIcon name={channel} className="size-4 shrink-0" />
                <span className="truncate">{platformLabels[channel]}</span>
              </label>
              <p
                className={cn(
                  'flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs',
                  ok ? 'text-success' : 'text-muted-foreground',
                )}
              >
                {ok ? (
                  <CheckCircle2 className="size-3.5 shrink-0" aria-hidden="true" />
                ) : (
                  <AlertCircle className="size-3.5 shrink-0" aria-hidden="true" />
                )}
                {connectionLabel(connection)}
                {ok ? null : <ConnectLink channel={channel} connection={connection} />}
              </p>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
