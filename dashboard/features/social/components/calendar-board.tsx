import {
  type Announcements,
  DndContext,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  AlertCircle,
  CalendarClock,
  CheckCircle2,
  ChevronLeft,
  ChevronRight,
  Plus,
} from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { LiveState } from '@core/react/use-live';
import {
  publishPlatformNames,
  publishPlatforms,
  type PublishPlatform,
  type SocialPost,
} from '@core/social-posts';
import { Button } from '@core/ui/button';
import { cn } from '@core/ui/cn';
import { Skeleton } from '@core/ui/skeleton';
import {
  addDays,
  calendarPosts,
  dayLabel,
  dayOf,
  hourOf,
  monthWeeks,
  postInstant,
  rangeLabel,
  sameMonth,
  shiftAnchor,
  timeIn,
  weekDays,
  type CalendarView,
} from '../utils/calendar';
import { PostsLoadError } from './posts-load-error';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const STATUS_TEXT = { scheduled: 'Scheduled', published: 'Published', failed: 'Failed' } as const;
const STATUS_ICON = {
  scheduled: CalendarClock,
  published: CheckCircle2,
  failed: AlertCircle,
} as const;
const STATUS_TONE = {
  scheduled: 'border-primary/40 bg-primary/10 text-foreground',
  published: 'border-success/40 bg-success/10 text-foreground',
  failed: 'border-destructive/50 bg-destructive/10 text-foreground',
} as const;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export interface CalendarBoardProps {
  posts: LiveState<SocialPost[]>;
  view: CalendarView;
  onViewChange: (view: CalendarView) => void;
  /** A day of the period shown ('2026-11-25'). */
  anchor: string;
  onAnchorChange: (day: string) => void;
  today: string;
  /** The grid's zone: which day and hour a post falls in. */
  timeZone: string;
  /** The channels shown; empty shows every channel. */
  channels: PublishPlatform[];
  onChannelsChange: (channels: PublishPlatform[]) => void;
  onOpen: (post: SocialPost) => void;
  /** An empty slot: compose for `day` at `hour` o'clock. */
  onCompose: (day: string, hour: number) => void;
  /** A scheduled post dropped on `day` (month) or `day` and `hour` (week). */
  onMove: (post: SocialPost, day: string, hour?: number) => void;
}

type Status = keyof typeof STATUS_TEXT;

// A chip's time is in the grid's zone, the one its row and day are read in, whatever zone the post was
// planned in: a 15:00 row holds only 15:xx chips.
function postLabel(post: SocialPost, timeZone: string): string {
  const instant = postInstant(post)!;
  const text = post.youtube?.title || post.reddit?.title || post.text || '(no text)';
  return `${publishPlatformNames[post.platform]}, ${STATUS_TEXT[post.status as Status]}, ${timeIn(instant, timeZone)} ${timeZone}: ${text}`;
}

function snippet(post: SocialPost): string {
  return post.youtube?.title || post.reddit?.title || post.text || '(no text)';
}

/** One post on the calendar: its time, channel, status and the start of its text; a scheduled one can be dragged. */
function PostChip({
  post,
  view,
  timeZone,
  onOpen,
  onKeyMove,
}: {
  post: SocialPost;
  view: CalendarView;
  timeZone: string;
  onOpen: () => void;
  onKeyMove: (key: string) => void;
}) {
  const movable = post.status === 'scheduled';
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: post.id,
    data: { post },
    disabled: !movable,
  });
  const Icon = STATUS_ICON[post.status as Status];
  const instant = postInstant(post)!;
  const onKeyDown = (event: KeyboardEvent) => {
    if (movable && event.altKey && event.key.startsWith('Arrow')) {
      event.preventDefault();
      onKeyMove(event.key);
    }
  };
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...(movable ? listeners : {})}
      {...attributes}
      // dnd-kit's own role and description are replaced: the chip opens on click, and moves with Alt+arrows.
      // A post that cannot move (published, failed) still opens: dnd-kit's aria-disabled would hide that.
      role={undefined}
      aria-roledescription={undefined}
      aria-describedby={undefined}
      aria-disabled={undefined}
      aria-label={postLabel(post, timeZone)}
      title={
        movable
          ? `${postLabel(post, timeZone)} (drag, or Alt+arrow keys, to move)`
          : postLabel(post, timeZone)
      }
      data-status={post.status}
      onClick={onOpen}
      onKeyDown={onKeyDown}
      style={
        transform
          ? { transform: `translate(${transform.x}px, ${transform.y}px)`, zIndex: 20 }
          : undefined
      }
      className={cn(
        'relative z-10 flex w-full min-w-0 items-center gap-1 rounded-md border px-1.5 py-1 text-left text-xs leading-tight outline-none focus-visible:ring-2 focus-visible:ring-ring',
        STATUS_TONE[post.status as Status],
        movable && 'cursor-grab touch-none',
        isDragging && 'cursor-grabbing opacity-80 shadow-lg',
        view === 'list' && 'gap-2 px-3 py-2 text-sm',
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="shrink-0 tabular-nums">{timeIn(instant, timeZone)}</span>
      <span className="shrink-0 font-medium">{publishPlatformNames[post.platform]}</span>
      {view === 'list' ? (
        <span className="shrink-0 text-muted-foreground">{STATUS_TEXT[post.status as Status]}</span>
      ) : null}
      <span className="min-w-0 truncate text-muted-foreground">{snippet(post)}</span>
    </button>
  );
}

function DayCell({
  id,
  className,
  children,
}: {
  id: string;
  className?: string;
  children: React.ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <div
      ref={setNodeRef}
      data-drop={id}
      className={cn(className, isOver && 'bg-primary/10 ring-2 ring-primary/50 ring-inset')}
    >
      {children}
    </div>
  );
}

/** Where a drop target ('slot|2026-11-26|14' in the week, 'day|2026-11-26' in the month) puts a post, in words. */
function targetWords(overId: unknown): string | null {
  const [kind, day, hour] = String(overId).split('|');
  if (!day) return null;
  const date = dayLabel(day, 'long');
  return kind === 'slot' ? `${date} at ${String(hour).padStart(2, '0')}:00` : date;
}

const postWords = (post: SocialPost | undefined) =>
  post ? `${publishPlatformNames[post.platform]} post "${snippet(post)}"` : 'The post';

/**
 * What a screen reader hears while a post is dragged: the post by its channel and text, and where it goes
 * (dnd-kit's own words name the raw document id).
 */
export const calendarAnnouncements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${postWords(active.data.current?.post as SocialPost)}.`,
  onDragOver: ({ active, over }) => {
    const to = over ? targetWords(over.id) : null;
    return to
      ? `${postWords(active.data.current?.post as SocialPost)} is over ${to}.`
      : `${postWords(active.data.current?.post as SocialPost)} is no longer over a day.`;
  },
  onDragEnd: ({ active, over }) => {
    const to = over ? targetWords(over.id) : null;
    return to
      ? `${postWords(active.data.current?.post as SocialPost)} moved to ${to}.`
      : `${postWords(active.data.current?.post as SocialPost)} was dropped where it was.`;
  },
  onDragCancel: ({ active }) =>
    `Moving cancelled: ${postWords(active.data.current?.post as SocialPost)} stays where it was.`,
};

/** Week, month and list views of the user's posts across channels, with the channel filter. */
export function CalendarBoard(props: CalendarBoardProps) {
  const { posts, view, anchor, today, timeZone, channels, onOpen, onCompose, onMove } = props;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const shown = posts.status === 'success' ? calendarPosts(posts.data, channels) : [];
  const byDay = new Map<string, SocialPost[]>();
  for (const post of shown) {
    const key = dayOf(postInstant(post)!, timeZone);
    byDay.set(key, [...(byDay.get(key) ?? []), post]);
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const post = active.data.current?.post as SocialPost | undefined;
    if (!post || !over) return;
    const [kind, day, hour] = String(over.id).split('|');
    if (!day) return;
    onMove(post, day, kind === 'slot' ? Number(hour) : undefined);
  };

  const keyMove = (post: SocialPost) => (key: string) => {
    const instant = postInstant(post)!;
    const day = dayOf(instant, timeZone);
    const shift = (n: number) => addDays(day, n);
    if (key === 'ArrowLeft') onMove(post, shift(-1));
    else if (key === 'ArrowRight') onMove(post, shift(1));
    else if (key === 'ArrowUp')
      onMove(
        post,
        view === 'week' ? day : shift(-7),
        view === 'week' ? Math.max(0, hourOf(instant, timeZone) - 1) : undefined,
      );
    else if (key === 'ArrowDown')
      onMove(
        post,
        view === 'week' ? day : shift(7),
        view === 'week' ? Math.min(23, hourOf(instant, timeZone) + 1) : undefined,
      );
  };

  const chip = (post: SocialPost) => (
    <PostChip
      key={post.id}
      post={post}
      view={view}
      timeZone={timeZone}
      onOpen={() => onOpen(post)}
      onKeyMove={keyMove(post)}
    />
  );

  return (
    <div className="grid min-w-0 gap-4">
      <Toolbar {...props} />
      {posts.status === 'loading' ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading your posts">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : posts.status === 'error' ? (
        <PostsLoadError error={posts.error} retry={posts.retry} />
      ) : (
        <DndContext
          sensors={sensors}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: calendarAnnouncements }}
        >
          {view === 'list' ? (
            <ListView posts={shown} timeZone={timeZone} chip={chip} />
          ) : view === 'month' ? (
            <div
              role="grid"
              aria-label={rangeLabel(anchor, 'month')}
              className="overflow-hidden rounded-lg border"
            >
              <div
                role="row"
                className="grid grid-cols-7 border-b bg-muted/40 text-xs font-medium text-muted-foreground"
              >
                {WEEKDAYS.map((d) => (
                  <div role="columnheader" key={d} className="px-2 py-1.5">
                    {d}
                  </div>
                ))}
              </div>
              {monthWeeks(anchor).map((week) => (
                <div role="row" key={week[0]} className="grid grid-cols-7 border-b last:border-b-0">
                  {week.map((day) => (
                    <div role="gridcell" key={day} className="min-w-0 border-r last:border-r-0">
                      <DayCell
                        id={`day|${day}`}
                        className={cn(
                          'flex min-h-28 min-w-0 flex-col gap-1 p-1',
                          !sameMonth(day, anchor) && 'bg-muted/30',
                        )}
                      >
                        <div className="flex items-center justify-between">
                          <span
                            className={cn(
                              'px-1 text-xs tabular-nums',
                              day === today
                                ? 'rounded-full bg-primary px-1.5 font-semibold text-primary-foreground'
                                : !sameMonth(day, anchor) && 'text-muted-foreground',
                            )}
                          >
                            {Number(day.slice(8))}
                          </span>
                          <button
                            type="button"
                            aria-label={`New post on ${dayLabel(day, 'long')}`}
                            onClick={() => onCompose(day, 9)}
                            className="flex size-6 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                          >
                            <Plus aria-hidden="true" className="size-3.5" />
                          </button>
                        </div>
                        {(byDay.get(day) ?? []).map(chip)}
                      </DayCell>
                    </div>
                  ))}
                </div>
              ))}
            </div>
          ) : (
            <WeekView
              anchor={anchor}
              today={today}
              byDay={byDay}
              timeZone={timeZone}
              chip={chip}
              onCompose={onCompose}
            />
          )}
          {shown.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {channels.length
                ? 'No posts on these channels yet.'
                : 'No posts yet. Pick a slot to plan one.'}
            </p>
          ) : null}
        </DndContext>
      )}
    </div>
  );
}

function Toolbar({
  view,
  onViewChange,
  anchor,
  onAnchorChange,
  today,
  channels,
  onChannelsChange,
  timeZone,
}: CalendarBoardProps) {
  const toggle = (p: PublishPlatform) =>
    onChannelsChange(channels.includes(p) ? channels.filter((c) => c !== p) : [...channels, p]);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div role="group" aria-label="View" className="inline-flex rounded-md border p-0.5">
        {(['week', 'month', 'list'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => onViewChange(v)}
            className={cn(
              'rounded-sm px-3 py-1 text-sm capitalize outline-none focus-visible:ring-2 focus-visible:ring-ring',
              view === v
                ? 'bg-primary text-primary-foreground'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {v}
          </button>
        ))}
      </div>
      {view === 'list' ? null : (
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Previous ${view}`}
            onClick={() => onAnchorChange(shiftAnchor(anchor, view, -1))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => onAnchorChange(today)}>
            Today
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Next ${view}`}
            onClick={() => onAnchorChange(shiftAnchor(anchor, view, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
          <h2 className="ml-2 text-sm font-semibold" aria-live="polite">
            {rangeLabel(anchor, view)}
          </h2>
        </div>
      )}
      <div
        role="group"
        aria-label="Channels"
        className="flex flex-wrap items-center gap-1.5 sm:ml-auto"
      >
        {publishPlatforms.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={channels.includes(p)}
            onClick={() => toggle(p)}
            className={cn(
              'rounded-full border px-3 py-1 text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring',
              channels.includes(p)
                ? 'border-primary bg-primary text-primary-foreground'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {publishPlatformNames[p]}
          </button>
        ))}
      </div>
      <p className="w-full text-xs text-muted-foreground">Days, hours and times in {timeZone}.</p>
    </div>
  );
}

function WeekView({
  anchor,
  today,
  byDay,
  timeZone,
  chip,
  onCompose,
}: {
  anchor: string;
  today: string;
  byDay: Map<string, SocialPost[]>;
  timeZone: string;
  chip: (p: SocialPost) => React.ReactNode;
  onCompose: (day: string, hour: number) => void;
}) {
  const days = weekDays(anchor);
  // Opens on the working day (07:00), not at midnight; the hours before stay a scroll away.
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scroller.current;
    const row = el?.querySelector<HTMLElement>('[data-hour="7"]');
    if (el && row)
      el.scrollTop = row.offsetTop - (el.firstElementChild as HTMLElement).offsetHeight;
  }, []);
  return (
    <div
      ref={scroller}
      role="grid"
      aria-label={rangeLabel(anchor, 'week')}
      className="relative max-h-[70vh] overflow-auto rounded-lg border"
    >
      <div
        role="row"
        className="sticky top-0 z-30 grid grid-cols-[3.5rem_repeat(7,minmax(6rem,1fr))] border-b bg-card text-xs font-medium"
      >
        <div role="columnheader" className="px-2 py-1.5 text-muted-foreground">
          <span className="sr-only">Hour</span>
        </div>
        {days.map((day) => (
          <div
            role="columnheader"
            key={day}
            className={cn(
              'border-l px-2 py-1.5',
              day === today ? 'text-primary' : 'text-muted-foreground',
            )}
          >
            {dayLabel(day)}
          </div>
        ))}
      </div>
      {HOURS.map((hour) => (
        <div
          role="row"
          key={hour}
          data-hour={hour}
          className="grid grid-cols-[3.5rem_repeat(7,minmax(6rem,1fr))] border-b last:border-b-0"
        >
          <div
            role="rowheader"
            className="px-2 py-1 text-right text-xs text-muted-foreground tabular-nums"
          >
            {String(hour).padStart(2, '0')}:00
          </div>
          {days.map((day) => {
            const here = (byDay.get(day) ?? []).filter(
              (p) => hourOf(postInstant(p)!, timeZone) === hour,
            );
            return (
              <div role="gridcell" key={day} className="min-w-0 border-l">
                <DayCell
                  id={`slot|${day}|${hour}`}
                  className="group relative flex min-h-12 min-w-0 flex-col gap-1 p-1"
                >
                  <button
                    type="button"
                    aria-label={`New post on ${dayLabel(day, 'long')} at ${String(hour).padStart(2, '0')}:00`}
                    onClick={() => onCompose(day, hour)}
                    className="absolute inset-0 z-0 flex items-start justify-end p-1 text-muted-foreground opacity-0 outline-none group-hover:opacity-100 hover:bg-accent/50 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
                  >
                    <Plus aria-hidden="true" className="size-3.5" />
                  </button>
                  {here.map(chip)}
                </DayCell>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function ListView({
  posts,
  timeZone,
  chip,
}: {
  posts: SocialPost[];
  timeZone: string;
  chip: (p: SocialPost) => React.ReactNode;
}) {
  const groups: [string, SocialPost[]][] = [];
  for (const post of posts) {
    const day = dayOf(postInstant(post)!, timeZone);
    const last = groups.at(-1);
    if (last && last[0] === day) last[1].push(post);
    else groups.push([day, [post]]);
  }
  return (
    <div className="grid min-w-0 gap-4">
      {groups.map(([day, list]) => (
        <section key={day} aria-label={dayLabel(day, 'long')} className="grid min-w-0 gap-1.5">
          <h3 className="text-xs font-semibold text-muted-foreground uppercase">
            {dayLabel(day, 'long')}
          </h3>
          <ul className="grid min-w-0 gap-1.5">
            {list.map((p) => (
              <li key={p.id} className="min-w-0">
                {chip(p)}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
