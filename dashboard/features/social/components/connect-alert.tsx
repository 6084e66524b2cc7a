import { KeyRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@core/routes';
import type { PublishPlatform } from '@core/social-posts';
import { buttonClasses } from '@core/ui/button';
import type { CallableFailure } from '@/lib/call';
import { PLATFORM_COPY } from '../utils/platforms';

export const SOCIAL_INTEGRATIONS = `${paths.integrations}?tab=social`;

/** The way to Integrations when a call failed for a reason fixed there (decided by the reason, never the words). */
export function ConnectAlert({
  platform,
  failure,
}: {
  platform: PublishPlatform;
  failure: Pick<CallableFailure, 'reason' | 'message'>;
}) {
  const text =
    failure.reason === 'missing-credentials' ? PLATFORM_COPY[platform].connect : failure.message;
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{text}</span>
      </p>
      <Link
        to={SOCIAL_INTEGRATIONS}
        className={buttonClasses('outline', 'sm', 'shrink-0 text-foreground')}
      >
        Open Integrations
      </Link>
    </div>
  );
}
