import { AlertCircle, Bell, CheckCircle2, ImageOff, KeyRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useInbox } from '../api/inbox';
import type { InboxEvent, InboxEventKind } from '@core/inbox';
import { formatInZone } from '@core/schedule';
import { useShownZone } from '@/lib/scheduling';

// The bell in the header: how many post events came since Mark all read, and a panel listing them newest
// first, each linking to its post on the platform's page (where its fix button is).

const ICON: Record<InboxEventKind, { Icon: typeof Bell; tone: string }> = {
  published: { Icon: CheckCircle2, tone: 'text-success' },
  failed: { Icon: AlertCircle, tone: 'text-destructive' },
  'needs-reconnect': { Icon: KeyRound, tone: 'text-destructive' },
  'media-refused': { Icon: ImageOff, tone: 'text-destructive' },
};

function EventRow({
  event,
  timeZone,
  onOpen,
}: {
  event: InboxEvent;
  /** The channel's zone (dashboard/lib/scheduling.ts useShownZone), named: the bell sits on every page. */
  timeZone: string;
  onOpen: () => void;
}) {
  const { Icon, tone } = ICON[event.kind];
  return (
    <li>
      <Link
        to={event.href}
        onClick={onOpen}
        className="flex gap-3 px-4 py-3 transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
      >
        <Icon className={`mt-0.5 size-4 shrink-0 ${tone}`} aria-hidden="true" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex items-center gap-2 text-sm font-medium">
            <span className="min-w-0 truncate">{event.title}</span>
            {event.unread ? (
              <span className="size-2 shrink-0 rounded-full bg-primary">
                <span className="sr-only">(unread)</span>
              </span>
            ) : null}
          </span>
          <span className="line-clamp-2 text-xs break-words text-muted-foreground">
            {event.detail}
          </span>
          {event.fix ? (
            <span className="text-xs font-medium text-primary">Fix: {event.fix}</span>
          ) : null}
          <time dateTime={event.at.toISOString()} className="text-xs text-muted-foreground">
            {formatInZone(event.at, timeZone, { label: true })}
          </time>
        </span>
      </Link>
    </li>
  );
}

export function InboxBell() {
  const inbox = useInbox();
  const zoneOf = useShownZone();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  // ?inbox=open (inboxPath in core/routes.ts, where the extension's badge leads) opens the panel on arrival.
  const [params, setParams] = useSearchParams();
  const asked = params.get('inbox') === 'open';
  useEffect(() => {
    if (!asked) return;
    setOpen(true);
    setParams(
      (p) => {
        p.delete('inbox');
        return p;
      },
      { replace: true },
    );
  }, [asked, setParams]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open]);

  const { events, unread } = inbox;
  return (
    <div ref={root} className="relative ml-auto">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        className="relative flex size-8 items-center justify-center rounded-md text-foreground/80 transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <Bell className="size-4" aria-hidden="true" />
        {unread ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="fixed inset-x-2 top-14 z-20 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-lg sm:absolute sm:inset-x-auto sm:top-10 sm:right-0 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <button
              type="button"
              onClick={inbox.markAllRead}
              disabled={unread === 0}
              className="rounded-sm text-xs font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:pointer-events-none disabled:text-muted-foreground"
            >
              Mark all read
            </button>
          </div>
          {events === null ? (
            <p className="px-4 py-6 text-sm text-muted-foreground">Loading…</p>
          ) : events.length === 0 ? (
            <p className="px-4 py-6 text-sm text-muted-foreground">
              No post events yet. Published and failed posts show here.
            </p>
          ) : (
            <ul className="max-h-[70vh] divide-y overflow-y-auto" aria-label="Post events">
              {events.map((event) => (
                <EventRow
                  key={event.id}
                  event={event}
                  timeZone={zoneOf(event.platform)}
                  onOpen={() => setOpen(false)}
                />
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
