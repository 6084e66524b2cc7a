import { ListPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatSlot, nextFreeSlot } from '@core/queue-slots';
import { Button } from '@core/ui/button';
import type { ChannelQueue } from '../hooks/use-channel-queue';

/**
 * Add to queue: schedules the post at the channel's next free posting slot (Settings), read in the
 * channel's zone (its own, else the workspace's), which the post is then planned in. The slot is worked
 * out again on the click, against the posts scheduled by then.
 */
export function AddToQueue({
  queue,
  disabled,
  onQueue,
  now = () => new Date(),
}: {
  queue: ChannelQueue;
  disabled: boolean;
  onQueue: (at: Date, timeZone: string) => void;
  now?: () => Date;
}) {
  const timeZone = queue.timeZone;
  const id = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const noSlots = !queue.loading && queue.slots.length === 0;
  const next =
    queue.loading || noSlots
      ? null
      : nextFreeSlot({ slots: queue.slots, timeZone, now: now(), taken: queue.taken });

  const click = () => {
    const at = nextFreeSlot({ slots: queue.slots, timeZone, now: now(), taken: queue.taken });
    if (!at.ok) return setRefusal(at.message);
    setRefusal(null);
    onQueue(at.at, timeZone);
  };

  return (
    <div className="grid gap-1">
      <Button
        type="button"
        variant="outline"
        disabled={disabled || queue.loading || noSlots}
        onClick={click}
        aria-describedby={`${id}-next`}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        <ListPlus aria-hidden="true" />
        Add to queue
      </Button>
      <p id={`${id}-next`} className="text-xs text-muted-foreground">
        {noSlots ? (
          <>
            No posting slots for this channel yet.{' '}
            <Link
              to="/settings"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Add them in Settings
            </Link>
            .
          </>
        ) : next?.ok ? (
          `Next free slot: ${formatSlot(next.at, timeZone, now())} (${timeZone})`
        ) : next ? (
          next.message
        ) : null}
      </p>
      {refusal ? (
        <p role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
