import { CalendarClock, Plus, X } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { platformLabels, publishPlatforms, type PublishPlatform } from '@core/platforms/facts';
import {
  describeSlot,
  MAX_SLOTS_PER_CHANNEL,
  postingSlotSchema,
  sortSlots,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type PostingSlot,
  type Scheduling,
  type Weekday,
} from '@core/queue-slots';
import { currentZoneName, userTimeZone } from '@core/schedule';
import { Button } from '@core/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { cn } from '@core/ui/cn';
import { Input, Label } from '@core/ui/input';
import { NativeSelect } from '@core/ui/select';
import { useAuth } from '@/lib/auth';
import { useSaveScheduling, useScheduling } from '@/lib/scheduling';
import { toast } from '@/lib/toast';

/** Every IANA zone the browser knows, and UTC and `keep` (the zones in use) even where its list lacks them. */
function zoneNames(keep: string[]): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const named = known.map(currentZoneName);
  return [...new Set([...named, 'UTC', ...keep])].sort();
}

/**
 * The workspace's time zone and each channel's posting slots. Slots live here, beside the zone they are
 * read in, rather than on each channel's page: one place shows the whole week of every channel, and the
 * composers (each channel's and any other) read them from the profile.
 */
export function SchedulingSettings() {
  const { user } = useAuth();
  const stored = useScheduling();
  const save = useSaveScheduling();
  const browser = useMemo(userTimeZone, []);
  // What the user just changed wins until the write settles (a failed write drops it and says so).
  const [pending, setPending] = useState<Scheduling | null>(null);
  const shown: Scheduling = pending ?? {
    timeZone: stored.timeZone,
    slots: stored.slots,
    ...(stored.zones ? { zones: stored.zones } : {}),
  };
  const zone = shown.timeZone ?? browser;
  const channelZones = Object.values(shown.zones ?? {}).join(',');
  const zones = useMemo(
    () => zoneNames([zone, browser, ...channelZones.split(',').filter(Boolean)]),
    [zone, browser, channelZones],
  );
  const id = useId();

  const write = (next: Scheduling) => {
    if (!user) return;
    setPending(next);
    const settle = () => setPending((p) => (p === next ? null : p));
    save(user.uid, next).then(settle, (err: unknown) => {
      settle();
      toast({
        title: 'Failed to save settings',
        description: err instanceof Error ? err.message : 'Please try again.',
        variant: 'destructive',
      });
    });
  };

  const setSlots = (platform: PublishPlatform, slots: PostingSlot[]) =>
    write({ ...shown, slots: { ...shown.slots, [platform]: sortSlots(slots) } });
  /** A channel's own zone, or none ('') to follow the workspace's. */
  const setChannelZone = (platform: PublishPlatform, channel: string) => {
    const { [platform]: _dropped, ...others } = shown.zones ?? {};
    const next = channel ? { ...others, [platform]: channel } : others;
    const { zones: _old, ...rest } = shown;
    write(Object.keys(next).length > 0 ? { ...rest, zones: next } : rest);
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2 text-base">
          <CalendarClock className="size-4 text-primary" aria-hidden="true" />
          Time zone and posting slots
        </CardTitle>
        <CardDescription>
          Schedule times are read and shown in this zone. Add to queue takes a channel&apos;s next
          free slot, in the channel&apos;s own zone where it has one.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6">
        <div className="grid max-w-xl gap-2">
          <Label htmlFor={`${id}-zone`}>Workspace time zone</Label>
          <NativeSelect
            id={`${id}-zone`}
            value={zone}
            disabled={stored.loading}
            onChange={(e) => write({ ...shown, timeZone: e.target.value })}
            aria-describedby={`${id}-zone-hint`}
          >
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </NativeSelect>
          <p id={`${id}-zone-hint`} className="text-sm text-muted-foreground">
            {shown.timeZone === null
              ? `Your browser's zone, ${browser}, until you pick one.`
              : shown.timeZone === browser
                ? 'The same as your browser.'
                : `Your browser is in ${browser}.`}
          </p>
        </div>
        <div className="grid min-w-0 gap-3">
          <h3 className="text-sm font-medium">Posting slots</h3>
          <ul className="grid min-w-0 gap-3 sm:grid-cols-2">
            {publishPlatforms.map((platform) => (
              <ChannelSlots
                key={platform}
                platform={platform}
                slots={shown.slots[platform] ?? []}
                zone={shown.zones?.[platform] ?? ''}
                workspaceZone={zone}
                zones={zones}
                disabled={stored.loading}
                onZoneChange={(z) => setChannelZone(platform, z)}
                onRemove={(i) =>
                  setSlots(
                    platform,
                    (shown.slots[platform] ?? []).filter((_, j) => j !== i),
                  )
                }
              />
            ))}
          </ul>
          <AddSlotForm
            disabled={stored.loading}
            onAdd={(platform, slot) => setSlots(platform, [...(shown.slots[platform] ?? []), slot])}
            slots={shown.slots}
          />
        </div>
      </CardContent>
    </Card>
  );
}

interface ChannelSlotsProps {
  platform: PublishPlatform;
  slots: PostingSlot[];
  /** The channel's own zone, '' when it follows the workspace's. */
  zone: string;
  workspaceZone: string;
  zones: string[];
  disabled: boolean;
  onZoneChange: (zone: string) => void;
  onRemove: (index: number) => void;
}

function ChannelSlots({
  platform,
  slots,
  zone,
  workspaceZone,
  zones,
  disabled,
  onZoneChange,
  onRemove,
}: ChannelSlotsProps) {
  const name = platformLabels[platform];
  const id = useId();
  // The 400-odd zones are listed once the select is reached (focus or pointer), not for every channel at once.
  const [listed, setListed] = useState(false);
  const options = listed ? zones : zone ? [zone] : [];
  return (
    <li
      className="grid min-w-0 content-start gap-2 rounded-md border p-3"
      aria-label={`${name} posting slots`}
    >
      <p className="text-sm font-medium">{name}</p>
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={`${id}-zone`} className="text-xs text-muted-foreground">
          {name} time zone
        </Label>
        <NativeSelect
          id={`${id}-zone`}
          value={zone}
          disabled={disabled}
          onFocus={() => setListed(true)}
          onPointerDown={() => setListed(true)}
          onChange={(e) => onZoneChange(e.target.value)}
          className="h-8 text-xs"
        >
          <option value="">Workspace ({workspaceZone.replaceAll('_', ' ')})</option>
          {options.map((z) => (
            <option key={z} value={z}>
              {z.replaceAll('_', ' ')}
            </option>
          ))}
        </NativeSelect>
      </div>
      {slots.length === 0 ? (
        <p className="text-sm text-muted-foreground">No slots yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {slots.map((slot, i) => (
            <li
              key={`${slot.time}-${slot.days.join('')}-${i}`}
              className="inline-flex items-center gap-1 rounded-full bg-secondary py-0.5 pr-0.5 pl-2.5 text-xs text-secondary-foreground"
            >
              <span className="tabular-nums">{describeSlot(slot)}</span>
              <Button
                type="button"
                variant="ghost"
                size="xs"
                className="size-6 rounded-full p-0"
                aria-label={`Remove ${name} slot ${describeSlot(slot)}`}
                onClick={() => onRemove(i)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function AddSlotForm({
  slots,
  disabled,
  onAdd,
}: {
  slots: Scheduling['slots'];
  disabled: boolean;
  onAdd: (platform: PublishPlatform, slot: PostingSlot) => void;
}) {
  const id = useId();
  const [platform, setPlatform] = useState<PublishPlatform>('x');
  const [days, setDays] = useState<Weekday[]>([1, 2, 3, 4, 5]);
  const [time, setTime] = useState('09:00');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = postingSlotSchema.safeParse({ days, time });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Invalid slot');
    const existing = slots[platform] ?? [];
    if (existing.length >= MAX_SLOTS_PER_CHANNEL)
      return setError(`A channel keeps at most ${MAX_SLOTS_PER_CHANNEL} slots.`);
    if (
      existing.some((s) => s.time === parsed.data.time && s.days.join() === parsed.data.days.join())
    )
      return setError(`${platformLabels[platform]} already has ${describeSlot(parsed.data)}.`);
    setError(null);
    onAdd(platform, parsed.data);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid min-w-0 gap-3 rounded-md border border-dashed p-3"
      aria-labelledby={`${id}-title`}
    >
      <p id={`${id}-title`} className="text-sm font-medium">
        Add a slot
      </p>
      <div className="grid min-w-0 gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,8rem)]">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-channel`}>Channel</Label>
          <NativeSelect
            id={`${id}-channel`}
            value={platform}
            onChange={(e) => setPlatform(e.target.value as PublishPlatform)}
          >
            {publishPlatforms.map((p) => (
              <option key={p} value={p}>
                {platformLabels[p]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-time`}>Time</Label>
          <Input
            id={`${id}-time`}
            type="time"
            value={time}
            onChange={(e) => setTime(e.target.value)}
          />
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Days</legend>
        <div className="flex flex-wrap gap-1.5">
          {WEEKDAYS.map((d) => {
            const on = days.includes(d);
            return (
              <label
                key={d}
                className={cn(
                  'inline-flex h-8 min-w-11 cursor-pointer items-center justify-center rounded-md border px-2 text-xs font-medium has-focus-visible:ring-2 has-focus-visible:ring-ring',
                  on
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'bg-background text-foreground',
                )}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={on}
                  onChange={() => setDays(on ? days.filter((x) => x !== d) : [...days, d])}
                />
                {WEEKDAY_NAMES[d]}
              </label>
            );
          })}
        </div>
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="outline"
        disabled={disabled}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        <Plus aria-hidden="true" />
        Add slot
      </Button>
    </form>
  );
}
