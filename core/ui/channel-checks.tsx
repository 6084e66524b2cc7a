import { CheckCircle2 } from 'lucide-react';
import { platformLabels, type PublishPlatform } from '../platforms/facts';

/**
 * Each chosen channel's pre-publish checks (core/compose.ts checkChannel): "X: ready", or every reason
 * it cannot go out as it stands. The dashboard's Compose page and the side panel show the same list.
 */
export function ChannelChecks({
  checks,
  id,
}: {
  checks: readonly { channel: PublishPlatform; reasons: readonly string[] }[];
  id?: string;
}) {
  return (
    <ul id={id} aria-label="Checks per channel" className="grid gap-2">
      {checks.map(({ channel, reasons }) => (
        <li key={channel} className="grid gap-1 text-sm">
          {reasons.length === 0 ? (
            <p className="flex items-center gap-1.5 text-success">
              <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
              {platformLabels[channel]}: ready
            </p>
          ) : (
            <>
              <p className="font-medium text-destructive">
                {platformLabels[channel]} cannot post yet:
              </p>
              <ul
                aria-label={`${platformLabels[channel]} problems`}
                className="grid list-disc gap-0.5 pl-5 text-destructive"
              >
                {reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
