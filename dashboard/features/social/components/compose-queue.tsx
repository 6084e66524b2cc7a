import { ListPlus } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Channel } from '@core/compose';
import { platformLabels } from '@core/platforms';
import { formatSlot, nextFreeSlot, type NextSlot } from '@core/queue-slots';
import { Button } from '@core/ui/button';
import type { ChannelQueue } from '../hooks/use-channel-queue';

/** Each queued channel's slot: the instant and the zone the post is planned in. */
export type QueuePlan = Partial<Record<Channel, { at: Date; timeZone: string }>>;

/** Every chosen channel's next free slot (its own zone, its own scheduled posts skipped), or why it has none. */
export function planQueue(
  chosen: readonly Channel[],
  queues: Record<Channel, ChannelQueue>,
  now: Date,
): { plan: QueuePlan; slots: { channel: Channel; next: NextSlot | null }[] } {
  const slots = chosen.map((channel) => {
    const queue = queues[channel];
    return {
      channel,
      next: queue.loading
        ? null
        : nextFreeSlot({ slots: queue.slots, timeZone: queue.timeZone, now, taken: queue.taken }),
    };
  });
  const plan: QueuePlan = {};
  for (const { channel, next } of slots)
    if (next?.ok) plan[channel] = { at: next.at, timeZone: queues[channel].timeZone };
  return { plan, slots };
}

/**
 * The one composer's Add to queue: each chosen channel's post takes that channel's next free posting slot
 * (Settings), so the group's posts go out at their own times. The slots are listed before the click. A chosen
 * channel without a free slot disables the button and is named with a link to Settings: the channels were
 * chosen on purpose, so none is silently left out of the group.
 */
export function ComposeQueue({
  chosen,
  queues,
  blocked,
  busy,
  onQueue,
  now = () => new Date(),
}: {
  chosen: readonly Channel[];
  queues: Record<Channel, ChannelQueue>;
  /** Why nothing can be sent as it stands (the same checks as Schedule), or null. */
  blocked: string | null;
  busy: boolean;
  onQueue: (plan: QueuePlan) => void;
  now?: () => Date;
}) {
  const id = useId();
  if (chosen.length === 0) return null;
  const at = now();
  const { slots } = planQueue(chosen, queues, at);
  const loading = slots.some((s) => s.next === null);
  const without = slots.filter((s) => s.next && !s.next.ok).map((s) => s.channel);
  const reason =
    without.length > 0
      ? `Add to queue needs a free posting slot on every chosen channel: ${without.map((c) => platformLabels[c]).join(', ')} ${without.length === 1 ? 'has' : 'have'} none.`
      : null;

  const click = () => {
    // Worked out again on the click, against the posts scheduled by then.
    const fresh = planQueue(chosen, queues, now());
    if (fresh.slots.every((s) => s.next?.ok)) onQueue(fresh.plan);
  };

  return (
    <div className="grid min-w-0 gap-2">
      <Button
        type="button"
        variant="outline"
        disabled={Boolean(blocked) || busy || loading || Boolean(reason)}
        onClick={click}
        aria-describedby={`${id}-slots${reason ? ` ${id}-why` : ''}`}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        <ListPlus aria-hidden="true" />
        Add to queue
      </Button>
      <ul
        id={`${id}-slots`}
        aria-label="Queue slots"
        className="grid gap-1 text-xs text-muted-foreground"
      >
        {slots.map(({ channel, next }) => {
          const label = platformLabels[channel];
          const zone = queues[channel].timeZone;
          return (
            <li key={channel} className="break-words">
              {next === null ? (
                `${label}: reading posting slots...`
              ) : next.ok ? (
                `${label}: ${formatSlot(next.at, zone, at)} (${zone})`
              ) : next.reason === 'noSlots' ? (
                <>
                  {label}: no posting slots yet.{' '}
                  <Link
                    to="/settings"
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Add them in Settings
                  </Link>
                </>
              ) : (
                `${label}: ${next.message}`
              )}
            </li>
          );
        })}
      </ul>
      {reason ? (
        <p id={`${id}-why`} className="text-xs text-destructive">
          {reason}
        </p>
      ) : null}
    </div>
  );
}
