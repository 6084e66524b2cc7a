import { DialogTitle } from '@headlessui/react';
import { collection, limit, orderBy, query, where } from 'firebase/firestore';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { userCollectionPath } from '@core/firestore-paths';
import type { LiveState } from '@core/react/use-live';
import { paths } from '@core/routes';
import { formatInZone, scheduleLimit, SCHEDULE_MESSAGES } from '@core/schedule';
import { useWorkspaceTimeZone } from '@/lib/scheduling';
import {
  publishPlatformNames,
  publishPlatforms,
  toSocialPost,
  type PublishPlatform,
  type SocialPost,
} from '@core/social-posts';
import { Button } from '@core/ui/button';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { readCallableError, useCall } from '@/lib/call';
import { useUserQuery } from '@/lib/live';
import { toast } from '@/lib/toast';
import { PostItem } from '../components/post-item';
import { CalendarBoard } from '../components/calendar-board';
import {
  movedInstant,
  postInstant,
  slotValue,
  today as todayIn,
  type CalendarView,
} from '../utils/calendar';

/** How many scheduled and how many settled posts the calendar follows live (existing indexes, firestore.indexes.json). */
const CALENDAR_POSTS = 250;

const COMPOSER_PATH: Record<PublishPlatform, string> = {
  x: paths.socialX,
  linkedin: paths.socialLinkedin,
  reddit: paths.socialReddit,
  youtube: paths.socialYoutube,
};

/** A composer opened with its Schedule Date set to `value` (a wall-clock value such as '2026-11-25T09:00', as useScheduleInput reads it). */
export function composePath(platform: PublishPlatform, value: string): string {
  return `${COMPOSER_PATH[platform]}?schedule=${encodeURIComponent(value)}`;
}

/** The scheduled posts and the published and failed ones, as one live list. */
function useCalendarPosts(): LiveState<SocialPost[]> {
  // The same two queries (and indexes) as the overview's Scheduled and Recent lists, with more posts.
  const scheduled = useUserQuery(
    (db, uid) =>
      query(
        collection(db, userCollectionPath(uid, 'socialPosts')),
        where('status', '==', 'scheduled'),
        orderBy('scheduledAt', 'asc'),
        limit(CALENDAR_POSTS),
      ),
    toSocialPost,
  );
  const settled = useUserQuery(
    (db, uid) =>
      query(
        collection(db, userCollectionPath(uid, 'socialPosts')),
        where('status', 'in', ['published', 'failed']),
        orderBy('updatedAt', 'desc'),
        limit(CALENDAR_POSTS),
      ),
    toSocialPost,
  );
  const data = useMemo(
    () =>
      scheduled.status === 'success' && settled.status === 'success'
        ? [...scheduled.data, ...settled.data]
        : null,
    [scheduled, settled],
  );
  if (scheduled.status === 'error') return scheduled;
  if (settled.status === 'error') return settled;
  if (!data) return { status: 'loading', retry: () => undefined } as LiveState<SocialPost[]>;
  return { status: 'success', data, retry: () => undefined } as LiveState<SocialPost[]>;
}

function initialView(): CalendarView {
  // A phone gets the list: seven columns do not fit 375 px.
  return typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px)').matches
    ? 'list'
    : 'week';
}

/** Moves a scheduled post through the Edit dialog's own call, so every server check holds; one-step Undo. */
function useMovePost(now: () => Date, timeZone: string) {
  const { run } = useCall('updateScheduledPost');
  const send = (post: SocialPost, at: Date) =>
    run({
      postId: post.id,
      text: post.text,
      media: post.media.map((m) => ({ generationId: m.generationId })),
      ...(post.author ? { author: post.author.urn } : {}),
      scheduledAt: at.toISOString(),
      timeZone: post.timeZone,
    });
  const fail = (e: unknown) => {
    const f = readCallableError(e, 'Could not move the post');
    toast({
      title: 'Could not move the post',
      description:
        f.reason === 'post-state'
          ? 'This post was already claimed for publishing, so it can no longer be changed.'
          : f.message,
      variant: 'destructive',
    });
  };
  return async (post: SocialPost, at: Date) => {
    const before = post.scheduledAt;
    const limit = scheduleLimit(at, now());
    if (limit)
      return toast({
        title: 'Could not move the post',
        description: SCHEDULE_MESSAGES[limit],
        variant: 'destructive',
      });
    try {
      await send(post, at);
    } catch (e) {
      return fail(e);
    }
    toast({
      title: 'Post moved',
      description: `It will be published on ${formatInZone(at, timeZone, { label: true })}.`,
      action: before
        ? {
            label: 'Undo',
            onClick: () =>
              void send(post, before).then(
                () =>
                  toast({
                    title: 'Move undone',
                    description: `Back to ${formatInZone(before, timeZone, { label: true })}.`,
                  }),
                fail,
              ),
          }
        : undefined,
    });
  };
}

export function CalendarRoute({
  now = () => new Date(),
  zone,
}: {
  now?: () => Date;
  /** The grid's zone; the workspace's by default. */ zone?: string;
}) {
  const workspaceZone = useWorkspaceTimeZone();
  const timeZone = zone ?? workspaceZone;
  const today = todayIn(timeZone, now());
  const [view, setView] = useState<CalendarView>(initialView);
  const [anchor, setAnchor] = useState(today);
  const [channels, setChannels] = useState<PublishPlatform[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const [compose, setCompose] = useState<string | null>(null);
  const posts = useCalendarPosts();
  const move = useMovePost(now, timeZone);
  const navigate = useNavigate();
  const opened =
    open && posts.status === 'success' ? (posts.data.find((p) => p.id === open) ?? null) : null;

  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader
        title="Calendar"
        description="Your scheduled, published and failed posts on every channel. Drag a scheduled post to move it."
      />
      <CalendarBoard
        posts={posts}
        view={view}
        onViewChange={setView}
        anchor={anchor}
        onAnchorChange={setAnchor}
        today={today}
        timeZone={timeZone}
        channels={channels}
        onChannelsChange={setChannels}
        onOpen={(post) => setOpen(post.id)}
        onCompose={(day, hour) => {
          const value = slotValue(day, hour);
          if (channels.length === 1) navigate(composePath(channels[0]!, value));
          else setCompose(value);
        }}
        onMove={(post, day, hour) => {
          const from = postInstant(post);
          const at = from && movedInstant(from, post.timeZone, timeZone, day, hour);
          if (at) void move(post, at);
        }}
      />
      <Modal
        open={Boolean(opened)}
        onClose={() => setOpen(null)}
        className="max-h-[90svh] max-w-lg overflow-auto p-5"
        testId="calendar-post"
      >
        {opened ? (
          <div className="grid gap-2">
            <DialogTitle className="text-lg font-semibold">
              {publishPlatformNames[opened.platform]} post
            </DialogTitle>
            <ul>
              <PostItem post={opened} timeZone={timeZone} onRetried={() => undefined} now={now} />
            </ul>
            <div className="flex flex-wrap justify-between gap-2">
              <Link
                to={COMPOSER_PATH[opened.platform]}
                className="self-center text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                Open {publishPlatformNames[opened.platform]}'s Recent Posts
              </Link>
              <Button variant="outline" size="sm" onClick={() => setOpen(null)}>
                Close
              </Button>
            </div>
          </div>
        ) : null}
      </Modal>
      <Modal
        open={compose !== null}
        onClose={() => setCompose(null)}
        className="max-w-sm p-5"
        testId="calendar-compose"
      >
        <DialogTitle className="text-lg font-semibold">New post</DialogTitle>
        <p className="mt-1 text-sm text-muted-foreground">
          {compose ? `For ${compose.replace('T', ' at ')} (${timeZone}). ` : ''}Choose a channel to
          write it in.
        </p>
        <ul className="mt-4 grid grid-cols-2 gap-2">
          {publishPlatforms.map((p) => (
            <li key={p}>
              <Button
                variant="outline"
                className="w-full"
                onClick={() => compose && navigate(composePath(p, compose))}
              >
                {publishPlatformNames[p]}
              </Button>
            </li>
          ))}
        </ul>
      </Modal>
    </div>
  );
}
