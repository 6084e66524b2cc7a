import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { PublishPlatform } from '@core/social-posts';
import { Button } from '@core/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@core/ui/card';
import { cn } from '@core/ui/cn';
import type { CallableFailure } from '@/lib/call';
import { toast } from '@/lib/toast';
import { checkScheduleDate, formatInZone, type ScheduleCheck } from '@core/schedule';
import { formatSlot } from '@core/queue-slots';
import { useChannelQueue } from '../hooks/use-channel-queue';
import { AddToQueue } from './add-to-queue';
import { ConnectAlert } from './connect-alert';
import { ScheduleField } from './schedule-field';

// What every platform's create form shares (X, LinkedIn, Reddit, YouTube): the card, the account alert,
// the optional schedule, the submit button with the reason it is blocked. Each composer draws only its own fields.

/** A datetime-local value from the address's `schedule` parameter (the calendar's empty slots link here with one), else ''. */
function scheduleFromAddress(): string {
  if (typeof window === 'undefined') return '';
  const value = new URLSearchParams(window.location.search).get('schedule') ?? '';
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? value : '';
}

/**
 * The schedule input's value and error; `check` reads it in `timeZone` and shows the error itself when the
 * time is refused. It starts from the address's `?schedule=` value when there is one.
 */
export function useScheduleInput() {
  const [value, setValue] = useState(scheduleFromAddress);
  const [error, setError] = useState<string | null>(null);
  // Add to queue's slot, for the one submit it starts: `check` answers with it instead of the field's value.
  const queued = useRef<{ at: Date; timeZone: string } | null>(null);
  return {
    value,
    error,
    change(next: string) {
      setValue(next);
      setError(null);
    },
    reset() {
      setValue('');
      setError(null);
    },
    /** Add to queue: the next `check` (the submit it starts) schedules at `at`, planned in the channel's `timeZone`; null lets go of it. */
    queueAt(at: Date | null, timeZone?: string) {
      queued.current = at ? { at, timeZone: timeZone ?? '' } : null;
    },
    /** The time to send at and the zone it was planned in: the queued slot's channel zone, else `timeZone`. */
    check(
      timeZone: string,
      now: Date,
    ): (Extract<ScheduleCheck, { ok: true }> & { queued?: true; timeZone: string }) | null {
      if (queued.current)
        return {
          ok: true,
          scheduledAt: queued.current.at.toISOString(),
          queued: true,
          timeZone: queued.current.timeZone || timeZone,
        };
      const when = checkScheduleDate(value, timeZone, now);
      if (when.ok) return { ...when, timeZone };
      setError(when.message);
      return null;
    },
  };
}

export type ScheduleInput = ReturnType<typeof useScheduleInput>;

/**
 * The value as of the last render, for code that reads it after an await: a post that comes back
 * clears only what it sent, never what the user wrote or attached while it was on its way.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Empty, unless the user changed the field since `sent` went out: then their value. */
export const clearIfSent = (sent: string) => (current: string) => (current === sent ? '' : current);

/** The attachments added since `sent` went out. */
export const withoutSent =
  <T extends { id: string }>(sent: readonly T[]) =>
  (current: T[]): T[] =>
    current.filter((m) => !sent.some((s) => s.id === m.id));

/** A form's refusal before anything is sent. */
export function refuse(description: string): void {
  toast({ title: 'Error', description, variant: 'destructive' });
}

/** Tells the user when a scheduled post will go out, in the zone they picked it in. */
export function toastScheduled(scheduledAt: string, timeZone: string, queued?: boolean): void {
  if (queued)
    return toast({
      title: 'Added to queue',
      description: `Queued for ${formatSlot(new Date(scheduledAt), timeZone, new Date())} (${timeZone}).`,
    });
  toast({
    title: 'Post scheduled',
    description: `It will be published on ${formatInZone(new Date(scheduledAt), timeZone, { label: true })}.`,
  });
}

/** A limit counter under a field: red and announced once `used` passes `max`. */
export function LimitCounter({
  id,
  used,
  max,
  unit = '',
}: {
  id: string;
  used: number;
  max: number;
  unit?: string;
}) {
  const over = used > max;
  return (
    <p
      id={id}
      aria-live="polite"
      className={cn(
        'text-right text-xs tabular-nums',
        over ? 'font-medium text-destructive' : 'text-muted-foreground',
      )}
    >
      {used.toLocaleString('en-US')}/{max.toLocaleString('en-US')}
      {unit}
    </p>
  );
}

export interface ComposerShellProps {
  title: string;
  platform: PublishPlatform;
  /** The account problem to show above the fields (missing credentials, refused token), if any. */
  failure: CallableFailure | null;
  onSubmit: () => void;
  schedule: ScheduleInput;
  scheduleLabel?: string;
  timeZone: string;
  submit: { label: string; icon: ReactNode; busy: boolean; disabled: boolean };
  /** Why the post cannot go out as it stands; shown under the button, which it describes. */
  problem: string | null;
  /** Buttons after the submit button (Save as draft). */
  actions?: ReactNode;
  children: ReactNode;
}

export function ComposerShell({
  title,
  platform,
  failure,
  onSubmit,
  schedule,
  scheduleLabel,
  timeZone,
  submit,
  problem,
  actions,
  children,
}: ComposerShellProps) {
  const id = useId();
  const queue = useChannelQueue(platform);
  const handle = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={handle} noValidate className="grid min-w-0 gap-5">
          {failure ? <ConnectAlert platform={platform} failure={failure} /> : null}
          {children}
          <ScheduleField
            label={scheduleLabel}
            value={schedule.value}
            onChange={schedule.change}
            timeZone={timeZone}
            error={schedule.error}
          />
          <div className="grid gap-2">
            <Button
              type="submit"
              loading={submit.busy}
              disabled={submit.disabled}
              aria-describedby={problem ? `${id}-blocked` : undefined}
              className="w-full sm:w-auto sm:justify-self-start"
            >
              {submit.busy ? null : submit.icon}
              {submit.label}
            </Button>
            <AddToQueue
              queue={queue}
              disabled={submit.busy || submit.disabled}
              onQueue={(at, zone) => {
                schedule.queueAt(at, zone);
                onSubmit();
                schedule.queueAt(null);
              }}
            />
            {actions}
            {problem ? (
              <p id={`${id}-blocked`} role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
