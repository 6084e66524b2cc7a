import { Save, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  composeDraftLabel,
  composeDraftLine,
  type ComposeDraft,
  type ComposeDraftFields,
} from '@core/data/compose-draft';
import { draftMediaOf } from '@core/data/draft';
import type { Generation } from '@core/data/generation';
import { deleteComposeDraft, writeComposeDraft } from '@core/firebase/compose-drafts';
import { DraftsFullError } from '@core/firebase/drafts';
import { platformLabels, platforms } from '@core/platforms';
import { youtubeTarget, type MediaTarget } from '@core/platforms/media-rules';
import { chooseFlair } from '@core/react/use-subreddit-flairs';
import { REDDIT_LIMITS, YOUTUBE_LIMITS, type YouTubePrivacyStatus } from '@core/social-limits';
import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@core/ui/card';
import { cn } from '@core/ui/cn';
import { Input, Label, Textarea } from '@core/ui/input';
import { NativeSelect } from '@core/ui/select';
import { Skeleton } from '@core/ui/skeleton';
import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/lib/auth';
import { call, readCallableError } from '@/lib/call';
import { getFirebase } from '@/lib/firebase';
import { toMediaAsset, type MediaAsset } from '@/lib/library-media';
import { usePlatformProfile } from '@/lib/platform-profile';
import { useSocialAccounts } from '@/lib/social-accounts';
import { toast } from '@/lib/toast';
import type { LiveState } from '@core/react/use-live';
import { useComposeDraftDoc, useComposeDrafts } from '../api/compose-drafts';
import { useDraftMediaRecords, useDraftMediaUnion } from '../api/draft-media';
import { useSocialConnections } from '../api/social-connections';
import { useGroupPosts } from '../api/social-posts';
import { useMediaChecks, type MediaChecks } from '../hooks/use-media-checks';
import { useSubredditFlairs } from '../api/subreddit-flairs';
import { AuthorSelect, type AuthorChoice } from '../components/author-select';
import { CHANNEL_PAGE, ComposeChannels, ConnectLink } from '../components/compose-channels';
import {
  LimitCounter,
  refuse,
  toastScheduled,
  useScheduleInput,
} from '../components/composer-shell';
import { MediaField } from '../components/media-field';
import { PostGroup, type SentChannel } from '../components/post-group';
import { ComposeQueue, type QueuePlan } from '../components/compose-queue';
import { useChannelQueue } from '../hooks/use-channel-queue';
import { formatSlot } from '@core/queue-slots';
import { DraftsList } from '../components/drafts-card';
import { ComposePreviews, type PreviewPost } from '../components/post-preview';
import { ScheduleField } from '../components/schedule-field';
import { useShownZone, useWorkspaceTimeZone } from '@/lib/scheduling';
import {
  channels,
  checkChannel,
  editChannelText,
  emptyFieldsMap,
  publishInputOf,
  textOf,
  type Channel,
  type ChannelFields,
  type ChannelFieldsMap,
} from '@core/compose';
import { cleanSubreddit, MEDIA_LIMIT_NOTES, subredditProblem } from '../utils/post-checks';
import { PLATFORM_COPY } from '../utils/platforms';
import { VISIBILITY_OPTIONS } from '@core/youtube-form';
import { ChannelChecks } from '@core/ui/channel-checks';

const SHARED = 'shared';
const NO_MEDIA: MediaAsset[] = [];
const NO_IDS: string[] = [];
const NO_LISTS: string[][] = [];
/** Who posts, in a preview, until the account's name is known (LinkedIn's is the chosen author). */
const PREVIEW_AUTHOR: Record<Channel, string> = {
  x: 'Your X account',
  linkedin: 'You',
  reddit: 'u/you',
  youtube: 'Your channel',
};
/** The Reddit username the account's User-Agent names ('web:app:1.0 (by /u/name)'), as Reddit shows it. */
function redditNameOf(userAgent: string | undefined): string | null {
  const name = userAgent?.match(/\(by \/?u\/([A-Za-z0-9_-]{3,20})\)$/)?.[1];
  return name ? `u/${name}` : null;
}
type Tab = typeof SHARED | Channel;
export const CHOOSE_CHANNEL = 'Choose at least one channel to post to.';
/** The address names the open Compose draft: ?draft=c042. */
const DRAFT_PARAM = 'draft';

/**
 * What a Compose draft keeps of the composer: the chosen channels, the shared text and media, each channel's own text,
 * media (where forked) and fields. Media as library ids only.
 */
function draftFieldsOf(
  chosen: readonly Channel[],
  shared: string,
  media: readonly MediaAsset[],
  ownMedia: Partial<Record<Channel, MediaAsset[]>>,
  fields: ChannelFieldsMap,
): ComposeDraftFields {
  const versions = Object.fromEntries(
    channels.flatMap((c) => (fields[c].text !== null ? [[c, fields[c].text]] : [])),
  );
  const channelMedia = Object.fromEntries(
    channels.flatMap((c) => (ownMedia[c] ? [[c, ownMedia[c].map((m) => m.id)]] : [])),
  );
  const subreddit = cleanSubreddit(fields.reddit.subreddit);
  return {
    channels: [...chosen],
    text: shared,
    media: media.map((m) => m.id),
    channelMedia,
    versions,
    author: fields.linkedin.author,
    subreddit: subredditProblem(subreddit) ? '' : subreddit,
    title: fields.reddit.title,
    flairId: fields.reddit.flairId,
    flairText: fields.reddit.flairText,
    videoTitle: fields.youtube.videoTitle,
    tags: fields.youtube.tags,
    visibility: fields.youtube.visibility,
  };
}

/** The address with the open draft set, or left. */
function withParam(params: URLSearchParams, id: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (id) next.set(DRAFT_PARAM, id);
  else next.delete(DRAFT_PARAM);
  return next;
}

/** A saved Compose draft as the composer's per-channel fields. */
function fieldsOfComposeDraft(d: ComposeDraft): ChannelFieldsMap {
  const map = emptyFieldsMap();
  for (const c of channels) map[c] = { ...map[c], text: d.versions[c] ?? null };
  map.linkedin.author = d.author;
  map.reddit = {
    ...map.reddit,
    subreddit: d.subreddit,
    title: d.title,
    flairId: d.flairId,
    flairText: d.flairText,
  };
  map.youtube = {
    ...map.youtube,
    videoTitle: d.videoTitle,
    tags: d.tags,
    visibility: d.visibility,
  };
  return map;
}

/** What an opened Compose draft's media restore to, from the library records: the files found, and the ids the library no longer holds. */
interface RestoredMedia {
  media: MediaAsset[];
  own: Partial<Record<Channel, MediaAsset[]>>;
  /** Where files the library no longer holds were attached (left out, so never sent), and how many. */
  missing: { places: Tab[]; count: number };
}

/** A list of ids against the union's records: the assets found and the ids missing, or undefined while the read loads (a failed read finds none). */
function assetsOf(
  ids: readonly string[],
  records: LiveState<Generation[]>,
): { assets: MediaAsset[]; missing: string[] } | undefined {
  const media = draftMediaOf(
    ids,
    records.status === 'success' ? records.data : records.status === 'error' ? [] : undefined,
  );
  if (!media) return undefined;
  const found = media.map((m) => ({ id: m.id, asset: m.record ? toMediaAsset(m.record) : null }));
  return {
    assets: found.flatMap((m) => m.asset ?? []),
    missing: found.flatMap((m) => (m.asset ? [] : [m.id])),
  };
}

/**
 * An opened Compose draft's media, shared and each channel's own, read from the user's library records (the draft
 * keeps ids only); undefined while they load. One read for all the lists (useDraftMediaUnion: their union, in
 * chunks of one `in` query's cap), then each list matched against it.
 */
function useRestoredMedia(d: ComposeDraft | null): RestoredMedia | undefined {
  const records = useDraftMediaUnion(
    d ? [d.media, ...channels.map((c) => d.channelMedia[c] ?? NO_IDS)] : NO_LISTS,
  );
  const shared = assetsOf(d?.media ?? NO_IDS, records);
  const own = Object.fromEntries(
    channels.map((c) => [c, assetsOf(d?.channelMedia[c] ?? NO_IDS, records)]),
  ) as Record<Channel, ReturnType<typeof assetsOf>>;
  if (!d || !shared || channels.some((c) => !own[c])) return undefined;
  const forked = channels.filter((c) => d.channelMedia[c]);
  const lists: [Tab, { missing: string[] }][] = [
    [SHARED, shared],
    ...forked.map((c): [Tab, { missing: string[] }] => [c, own[c]!]),
  ];
  return {
    media: shared.assets,
    own: Object.fromEntries(forked.map((c) => [c, own[c]!.assets])),
    missing: {
      places: lists.flatMap(([place, l]) => (l.missing.length ? [place] : [])),
      count: new Set(lists.flatMap(([, l]) => l.missing)).size,
    },
  };
}

/** Says which of an opened draft's files the library no longer holds, and where they were: they are left out of the post. */
function MissingMedia({ places, count }: RestoredMedia['missing']) {
  const where = places
    .map((p) => (p === SHARED ? 'shared media' : `${platformLabels[p]} media`))
    .join(' and ');
  return (
    <Alert>
      {count === 1
        ? `A file of this draft's ${where} is`
        : `${count} files of this draft's ${where} are`}{' '}
      no longer in your library, so {count === 1 ? 'it is' : 'they are'} left out of this post.
    </Alert>
  );
}

/** The Compose drafts, last edited first; each opens in the composer. A draft of media alone is named from their library records. */
function ComposeDraftsCard({ openId }: { openId: string | null }) {
  const drafts = useComposeDrafts();
  const mediaOnly =
    drafts.status === 'success'
      ? drafts.data.filter((d) => composeDraftLine(d) === undefined).flatMap((d) => d.media)
      : NO_IDS;
  const records = useDraftMediaRecords(mediaOnly);
  if (drafts.status !== 'success' || records.status === 'loading') return null;
  const library = records.status === 'success' ? records.data : [];
  return (
    <DraftsList
      openId={openId}
      items={drafts.data.map((d) => ({
        id: d.id,
        label: composeDraftLabel(d, library),
        note: d.channels.map((c) => platformLabels[c]).join(', '),
        noteWide: true,
      }))}
    />
  );
}

/** The channel tabs: Shared first, then each chosen channel; arrow keys, Home and End move between them. */
function ComposeTabs({
  tabs,
  current,
  onSelect,
  forked,
  idPrefix,
}: {
  tabs: readonly Tab[];
  current: Tab;
  onSelect: (tab: Tab) => void;
  forked: (tab: Tab) => boolean;
  idPrefix: string;
}) {
  const refs = useRef(new Map<Tab, HTMLButtonElement>());
  const onKey = (event: KeyboardEvent) => {
    const at = tabs.indexOf(current);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    onSelect(tab);
    refs.current.get(tab)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Text per channel"
      onKeyDown={onKey}
      className="flex min-w-0 gap-1 overflow-x-auto border-b"
    >
      {tabs.map((tab) => {
        const selected = tab === current;
        return (
          <button
            key={tab}
            ref={(el) => {
              if (el) refs.current.set(tab, el);
              else refs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab)}
            className={cn(
              '-mb-px flex shrink-0 items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              selected
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {tab === SHARED ? 'Shared' : platformLabels[tab]}
            {tab !== SHARED && forked(tab) ? (
              <span className="rounded-full bg-muted px-1.5 py-0.5 text-xs font-normal text-muted-foreground">
                edited
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

/** The one composer (/compose): one idea to any set of connected channels, adapted per channel, sent as one post group. */
export function ComposeRoute({ now = () => new Date() }: { now?: () => Date }) {
  const id = useId();
  const timeZone = useWorkspaceTimeZone();
  const zoneOf = useShownZone();
  const connections = useSocialConnections();
  const [chosen, setChosen] = useState<Channel[]>([]);
  const [shared, setShared] = useState('');
  const [media, setMedia] = useState<MediaAsset[]>([]);
  // A channel's own media once "Use different media for this channel" forked it; absent while it sends the shared media.
  const [ownMedia, setOwnMedia] = useState<Partial<Record<Channel, MediaAsset[]>>>({});
  const [fields, setFields] = useState<ChannelFieldsMap>(emptyFieldsMap);
  const [tab, setTab] = useState<Tab>(SHARED);
  const [previewPick, setPreviewPick] = useState<Channel | null>(null);
  const schedule = useScheduleInput();
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const [group, setGroup] = useState<{
    groupId: string;
    sent: SentChannel[];
    inputs: Partial<Record<Channel, ReturnType<typeof publishInputOf>>>;
  } | null>(null);
  const groupPosts = useGroupPosts(group?.groupId ?? null);

  // Save as draft: the composer as a Compose draft (?draft=ID opens one; saving again writes into it).
  const uid = useAuth().user?.uid;
  const [params, setParams] = useSearchParams();
  const draftId = params.get(DRAFT_PARAM);
  const openedDraft = useComposeDraftDoc(draftId);
  const loadedDraft = useRef<string | null>(null);
  const [savingDraft, setSavingDraft] = useState(false);
  const opened = openedDraft.status === 'success' ? openedDraft.data : null;
  // The draft opens once its media's library records are read: each channel's own media too, and what is missing.
  const restored = useRestoredMedia(opened);
  const [missing, setMissing] = useState<RestoredMedia['missing'] | null>(null);
  useEffect(() => {
    if (!opened || !restored || loadedDraft.current === opened.id) return;
    loadedDraft.current = opened.id;
    setChosen([...opened.channels]);
    setShared(opened.text);
    setMedia(restored.media);
    setOwnMedia(restored.own);
    setMissing(restored.missing.count > 0 ? restored.missing : null);
    setFields(fieldsOfComposeDraft(opened));
    setTab(SHARED);
  }, [opened, restored]);

  const connected = connections.state.status === 'success' ? connections.state.data : null;
  const picked = chosen.filter((c) => connected?.[c].state === 'connected');
  const has = (c: Channel) => picked.includes(c);
  // Add to queue: each chosen channel's posting slots and the slots its scheduled posts take.
  const queues = {
    x: useChannelQueue('x', { enabled: has('x') }),
    linkedin: useChannelQueue('linkedin', { enabled: has('linkedin') }),
    reddit: useChannelQueue('reddit', { enabled: has('reddit') }),
    youtube: useChannelQueue('youtube', { enabled: has('youtube') }),
  };

  // LinkedIn: who may post (the member last seen at once, the pages when the profile answers).
  const profile = usePlatformProfile('linkedin', { enabled: has('linkedin') });
  const accounts = useSocialAccounts();
  const member =
    accounts.state.status === 'success' ? (accounts.state.data.linkedin?.member ?? null) : null;
  const authors =
    profile.status === 'success'
      ? profile.data.authors
      : member
        ? [{ ...member, kind: 'person' as const }]
        : null;
  // The other channels' account names, for the previews: the platform's own (getPlatformProfile, kept a few
  // minutes and shared with the channel pages), else what the account record names, else a stand-in.
  const xProfile = usePlatformProfile('x', { enabled: has('x') });
  const redditProfile = usePlatformProfile('reddit', { enabled: has('reddit') });
  const youtubeProfile = usePlatformProfile('youtube', { enabled: has('youtube') });
  const profileName = (state: typeof profile) =>
    state.status === 'success' ? state.data.name : null;
  const accountNames: Record<Exclude<Channel, 'linkedin'>, string | null> = {
    x: profileName(xProfile),
    reddit:
      profileName(redditProfile) ??
      (accounts.state.status === 'success'
        ? redditNameOf(accounts.state.data.reddit?.values.userAgent)
        : null),
    youtube: profileName(youtubeProfile),
  };

  // Reddit: the subreddit's flairs once typing stops (a name Reddit would refuse is not asked for).
  const subreddit = cleanSubreddit(fields.reddit.subreddit);
  const flairs = useSubredditFlairs(subredditProblem(fields.reddit.subreddit) ? '' : subreddit, {
    enabled: has('reddit'),
  });
  const flairData =
    flairs.status === 'success' && flairs.data.subreddit === subreddit ? flairs.data : null;
  const flair = chooseFlair(flairData, fields.reddit.flairId);

  /** The media a channel sends: its own once forked, else the shared media. */
  const mediaOf = (channel: Channel): MediaAsset[] => ownMedia[channel] ?? media;
  const mediaForked = (channel: Channel) => ownMedia[channel] !== undefined;
  // Each chosen channel's media rules over the files themselves (YouTube as Shorts when its text says #Shorts):
  // the shared media against the channels that send it, each forked channel's own media against its rules alone.
  const targetOf = (channel: Channel): MediaTarget =>
    channel === 'youtube'
      ? youtubeTarget(`${fields.youtube.videoTitle}\n${textOf(fields.youtube, shared)}`)
      : channel;
  const mediaChecks = useMediaChecks(media, picked.filter((c) => !mediaForked(c)).map(targetOf));
  const ownChecks: Record<Channel, MediaChecks> = {
    x: useMediaChecks(ownMedia.x ?? NO_MEDIA, has('x') && mediaForked('x') ? [targetOf('x')] : []),
    linkedin: useMediaChecks(
      ownMedia.linkedin ?? NO_MEDIA,
      has('linkedin') && mediaForked('linkedin') ? [targetOf('linkedin')] : [],
    ),
    reddit: useMediaChecks(
      ownMedia.reddit ?? NO_MEDIA,
      has('reddit') && mediaForked('reddit') ? [targetOf('reddit')] : [],
    ),
    youtube: useMediaChecks(
      ownMedia.youtube ?? NO_MEDIA,
      has('youtube') && mediaForked('youtube') ? [targetOf('youtube')] : [],
    ),
  };
  const checksOf = (channel: Channel): MediaChecks =>
    mediaForked(channel) ? ownChecks[channel] : mediaChecks;
  const checks = picked.map((channel) => {
    const facts = mediaOf(channel).map((m) => ({
      contentType: m.contentType,
      sizeBytes: m.sizeBytes,
    }));
    const check = checkChannel(channel, {
      text: textOf(fields[channel], shared),
      media: facts,
      fields: fields[channel],
      flairMissing: flair.missing,
    });
    return {
      channel,
      ...check,
      reasons: [...new Set([...check.reasons, ...checksOf(channel).reasonsFor(targetOf(channel))])],
    };
  });
  const failing = checks.filter((c) => c.reasons.length > 0);
  const blocked =
    picked.length === 0
      ? CHOOSE_CHANNEL
      : failing.length > 0
        ? `Fix ${failing.map((c) => platformLabels[c.channel]).join(', ')} before posting: the reasons are listed per channel.`
        : null;
  const shownTab: Tab = tab !== SHARED && has(tab) ? tab : SHARED;
  // The preview follows the channel tab being edited, and its own buttons.
  const previewChannel = previewPick && has(previewPick) ? previewPick : (picked[0] ?? null);
  const selectTab = (next: Tab) => {
    setTab(next);
    if (next !== SHARED) setPreviewPick(next);
  };
  const previewOf = (channel: Channel): PreviewPost => {
    const f = fields[channel];
    const author =
      channel === 'linkedin'
        ? (authors?.find((a) => a.urn === f.author)?.name ?? member?.name ?? 'You')
        : (accountNames[channel] ?? PREVIEW_AUTHOR[channel]);
    const base = { text: textOf(f, shared), media: mediaOf(channel), author };
    if (channel === 'reddit')
      return {
        ...base,
        title: f.title,
        subreddit: subreddit || undefined,
        flair: f.flairText.trim() || flair.chosen?.text || undefined,
      };
    if (channel === 'youtube') return { ...base, title: f.videoTitle };
    return base;
  };

  const setField = (channel: Channel, change: Partial<ChannelFields>) =>
    setFields((all) => ({ ...all, [channel]: { ...all[channel], ...change } }));
  const toggle = (channel: Channel) =>
    setChosen((list) =>
      list.includes(channel) ? list.filter((c) => c !== channel) : [...list, channel],
    );

  async function sendOne(
    channel: Channel,
    input: ReturnType<typeof publishInputOf>,
  ): Promise<SentChannel> {
    try {
      const result = await call('publishPost', input);
      return { channel, state: 'sent', postId: result.postId };
    } catch (error) {
      const f = readCallableError(error, PLATFORM_COPY[channel].failed);
      return {
        channel,
        state: 'refused',
        reason: f.reason === 'missing-credentials' ? PLATFORM_COPY[channel].connect : f.message,
      };
    }
  }

  const saveDraft = async () => {
    if (!uid || savingDraft) return;
    setSavingDraft(true);
    try {
      const id = await writeComposeDraft(
        getFirebase().db,
        uid,
        draftId,
        draftFieldsOf(chosen, shared, media, ownMedia, fields),
      );
      loadedDraft.current = id;
      // The draft now holds what the composer holds: the missing files are gone from it.
      setMissing(null);
      if (id !== draftId) setParams((p) => withParam(p, id), { replace: true });
      toast({
        title: 'Draft saved',
        description: 'It is under Drafts on this page: open it there to go on.',
      });
    } catch (error) {
      console.error(error);
      toast({
        title: 'Error',
        description:
          error instanceof DraftsFullError
            ? error.message
            : 'Failed to save the draft. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSavingDraft(false);
    }
  };

  /** Post Now or Schedule (the field's time, in the workspace zone), or Add to queue with each channel's own slot (`plan`). */
  const submit = async (plan?: QueuePlan) => {
    if (sendingRef.current || blocked) return;
    const when = plan ? null : schedule.check(timeZone, now());
    if (!plan && !when) return;
    const sendAt = (channel: Channel) => {
      const slot = plan?.[channel];
      return slot
        ? { scheduledAt: slot.at.toISOString(), timeZone: slot.timeZone }
        : { scheduledAt: when?.scheduledAt ?? null, timeZone };
    };
    // A file still being read when Send was clicked: wait for it, and send nothing a channel would refuse.
    for (const channel of picked.filter((c) => checksOf(c).probing)) {
      const refused = await checksOf(channel).settle(targetOf(channel));
      if (refused) return refuse(`${platformLabels[channel]}: ${refused}`);
    }
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    const groupId = crypto.randomUUID();
    const inputs = Object.fromEntries(
      picked.map((channel) => [
        channel,
        publishInputOf(
          channel,
          {
            text: textOf(fields[channel], shared),
            media: mediaOf(channel),
            fields: fields[channel],
            flair: flair.chosen,
          },
          { requestId: crypto.randomUUID(), groupId, ...sendAt(channel) },
        ),
      ]),
    ) as Partial<Record<Channel, ReturnType<typeof publishInputOf>>>;
    setGroup({ groupId, inputs, sent: picked.map((channel) => ({ channel, state: 'sending' })) });
    // One publishPost per channel, one after the other (concurrent calls of publishPost stalled in the Functions
    // emulator of the test stack), each channel's state shown as soon as it answers; a channel refused does not
    // stop the others.
    const sent: SentChannel[] = [];
    for (const channel of picked) {
      const one = await sendOne(channel, inputs[channel]!);
      sent.push(one);
      setGroup((g) =>
        g && g.groupId === groupId
          ? { ...g, sent: g.sent.map((x) => (x.channel === channel ? one : x)) }
          : g,
      );
    }
    sendingRef.current = false;
    setSending(false);
    if (!sent.some((s) => s.state === 'sent'))
      return refuse('No channel accepted the post: the reason is shown under each one.');
    if (plan) {
      const queued = sent.flatMap((s) =>
        s.state === 'sent' && plan[s.channel]
          ? [
              `${platformLabels[s.channel]}: ${formatSlot(plan[s.channel]!.at, plan[s.channel]!.timeZone, now())} (${plan[s.channel]!.timeZone})`,
            ]
          : [],
      );
      toast({ title: 'Added to queue', description: `Queued for ${queued.join('; ')}.` });
    } else if (when?.scheduledAt) toastScheduled(when.scheduledAt, timeZone);
    // The idea went out: its draft is done with.
    if (draftId && uid) {
      loadedDraft.current = null;
      setParams((p) => withParam(p, null), { replace: true });
      await deleteComposeDraft(getFirebase().db, uid, draftId).catch((error: unknown) =>
        console.error(error),
      );
    }
    // What went out is cleared for the next idea; the group stays below with each channel's state.
    setShared('');
    setMedia([]);
    setOwnMedia({});
    setMissing(null);
    setFields(emptyFieldsMap());
    setTab(SHARED);
    schedule.reset();
  };

  /** Sends again the channel publishPost refused, alone, with a new requestId in the same group. */
  const resend = async (channel: Channel) => {
    const input = group?.inputs[channel];
    if (!group || !input) return;
    const again = { ...input, requestId: crypto.randomUUID() };
    const mark = (s: SentChannel) =>
      setGroup((g) =>
        g && g.groupId === group.groupId
          ? {
              ...g,
              inputs: { ...g.inputs, [channel]: again },
              sent: g.sent.map((x) => (x.channel === channel ? s : x)),
            }
          : g,
      );
    mark({ channel, state: 'sending' });
    mark(await sendOne(channel, again));
  };

  if (connections.state.status !== 'success') {
    return (
      <div className="grid min-w-0 gap-6">
        <PageHeader
          title="Compose"
          description="Write one idea and send it, adapted, to each of your channels."
        />
        {connections.state.status === 'error' ? (
          <Alert tone="danger">
            Couldn't load your channels. {connections.state.error.message}
          </Alert>
        ) : (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading your channels">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        )}
      </div>
    );
  }

  const data = connections.state.data;
  if (!channels.some((c) => data[c].state === 'connected')) {
    return (
      <div className="grid min-w-0 gap-6">
        <PageHeader
          title="Compose"
          description="Write one idea and send it, adapted, to each of your channels."
        />
        <Card role="region" aria-labelledby={`${id}-empty`}>
          <CardHeader>
            <CardTitle id={`${id}-empty`} className="text-base">
              No channel is connected yet
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p className="text-muted-foreground">
              Connect a channel and it shows here, ready to post to.
            </p>
            <ul className="grid gap-2">
              {channels.map((c) => (
                <li key={c} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium">{platformLabels[c]}:</span>
                  <ConnectLink channel={c} connection={data[c]} />
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    );
  }

  const current = shownTab === SHARED ? null : shownTab;
  const currentCheck = current ? checks.find((c) => c.channel === current)! : null;
  const forked = (t: Tab) => t !== SHARED && (fields[t].text !== null || mediaForked(t));

  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader
        title="Compose"
        description="Write one idea and send it, adapted, to each of your channels."
      />
      <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-3 xl:grid-cols-2">
        <Card
          role="region"
          aria-labelledby={`${id}-editor`}
          className="min-w-0 lg:col-span-2 xl:col-span-1"
        >
          <CardHeader>
            <CardTitle id={`${id}-editor`} className="text-base">
              Create Post
            </CardTitle>
          </CardHeader>
          <CardContent className="grid min-w-0 gap-5">
            {missing ? <MissingMedia {...missing} /> : null}
            <ComposeChannels connections={data} chosen={picked} onToggle={toggle} />
            <div className="grid min-w-0 gap-3">
              <ComposeTabs
                tabs={[SHARED, ...picked]}
                current={shownTab}
                onSelect={selectTab}
                forked={forked}
                idPrefix={id}
              />
              <div
                role="tabpanel"
                id={`${id}-panel`}
                aria-labelledby={`${id}-tab-${shownTab}`}
                className="grid min-w-0 gap-4"
              >
                {current ? (
                  <ChannelPanel
                    channel={current}
                    fields={fields[current]}
                    shared={shared}
                    check={currentCheck!}
                    onChange={(change) => setField(current, change)}
                    media={{
                      own: ownMedia[current] ?? null,
                      shared: media,
                      checks: checksOf(current),
                      target: targetOf(current),
                      onChange: (next) => setOwnMedia((all) => ({ ...all, [current]: next })),
                      onJoin: () =>
                        setOwnMedia((all) => {
                          const { [current]: _joined, ...rest } = all;
                          return rest;
                        }),
                    }}
                    authors={authors}
                    flairs={{ state: flairs, data: flairData, chosen: flair.chosen }}
                  />
                ) : (
                  <>
                    <div className="grid gap-2">
                      <Label htmlFor={`${id}-shared`}>Shared text</Label>
                      <Textarea
                        id={`${id}-shared`}
                        value={shared}
                        onChange={(e) => setShared(e.target.value)}
                        rows={6}
                        placeholder="Write once for every channel; adapt it on a channel's tab."
                      />
                      <p className="text-xs text-muted-foreground">
                        Every channel whose tab you have not edited sends this text.
                      </p>
                    </div>
                    <MediaField
                      platform={picked[0] ?? 'x'}
                      media={media}
                      onChange={setMedia}
                      checks={mediaChecks}
                      channels={picked.filter((c) => !mediaForked(c)).map(targetOf)}
                      note={
                        picked.length > 0 ? (
                          <ul className="grid gap-1 text-xs text-muted-foreground">
                            {picked.map((c) => (
                              <li key={c}>
                                {mediaForked(c)
                                  ? `${platformLabels[c]} sends its own media (on its tab).`
                                  : MEDIA_LIMIT_NOTES[c]}
                              </li>
                            ))}
                          </ul>
                        ) : (
                          <p className="text-xs text-muted-foreground">
                            Each channel's media limits show once it is chosen.
                          </p>
                        )
                      }
                    />
                  </>
                )}
              </div>
            </div>
          </CardContent>
        </Card>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          {previewChannel ? (
            <Card role="region" aria-labelledby={`${id}-preview`}>
              <CardHeader>
                <CardTitle id={`${id}-preview`} className="text-base">
                  Preview
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ComposePreviews
                  channels={picked}
                  current={previewChannel}
                  onSelect={setPreviewPick}
                  postOf={previewOf}
                />
              </CardContent>
            </Card>
          ) : null}
          <Card role="region" aria-labelledby={`${id}-send`}>
            <CardHeader>
              <CardTitle id={`${id}-send`} className="text-base">
                Checks and sending
              </CardTitle>
            </CardHeader>
            <CardContent>
              <form
                noValidate
                className="grid min-w-0 gap-5"
                onSubmit={(e) => {
                  e.preventDefault();
                  void submit();
                }}
              >
                {picked.length > 0 ? <ChannelChecks checks={checks} id={`${id}-checks`} /> : null}
                <ScheduleField
                  value={schedule.value}
                  onChange={schedule.change}
                  timeZone={timeZone}
                  error={schedule.error}
                />
                <div className="grid gap-2">
                  <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                    <Button
                      type="submit"
                      loading={sending}
                      disabled={Boolean(blocked)}
                      aria-describedby={blocked ? `${id}-blocked` : undefined}
                      className="w-full sm:w-auto"
                    >
                      {sending ? null : <Send aria-hidden="true" />}
                      {schedule.value ? 'Schedule' : 'Post Now'}
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      loading={savingDraft}
                      onClick={() => void saveDraft()}
                      className="w-full sm:w-auto"
                    >
                      {savingDraft ? null : <Save aria-hidden="true" />}
                      Save as draft
                    </Button>
                  </div>
                  <ComposeQueue
                    chosen={picked}
                    queues={queues}
                    blocked={blocked}
                    busy={sending}
                    onQueue={(plan) => void submit(plan)}
                    now={now}
                  />
                  {blocked ? (
                    <p id={`${id}-blocked`} role="alert" className="text-sm text-destructive">
                      {blocked}
                    </p>
                  ) : null}
                  <p className="text-xs text-muted-foreground">
                    Each channel keeps its own page for its account and Recent Posts:{' '}
                    {channels.map((c, i) => (
                      <span key={c}>
                        {i > 0 ? ', ' : ''}
                        <Link
                          to={CHANNEL_PAGE[c]}
                          className="underline underline-offset-4 hover:text-foreground"
                        >
                          {platformLabels[c]}
                        </Link>
                      </span>
                    ))}
                    .
                  </p>
                </div>
              </form>
            </CardContent>
          </Card>
          {group ? (
            <PostGroup
              sent={group.sent}
              posts={groupPosts}
              zoneOf={zoneOf}
              onResend={(c) => void resend(c)}
            />
          ) : null}
          <ComposeDraftsCard openId={draftId} />
        </div>
      </div>
    </div>
  );
}

interface ChannelPanelProps {
  channel: Channel;
  fields: ChannelFields;
  shared: string;
  check: { used: number; max: number; unit: string };
  onChange: (change: Partial<ChannelFields>) => void;
  /** The channel's own media (null while it sends the shared media), and how it forks and joins again. */
  media: {
    own: MediaAsset[] | null;
    shared: readonly MediaAsset[];
    checks: MediaChecks;
    target: MediaTarget;
    onChange: (media: MediaAsset[]) => void;
    onJoin: () => void;
  };
  authors: AuthorChoice[] | null;
  flairs: {
    state: ReturnType<typeof useSubredditFlairs>;
    data: { flairs: { id: string; text: string }[]; flairRequired: boolean } | null;
    chosen: { textEditable: boolean; text: string } | null;
  };
}

/** A chosen channel's tab: its text (forked once edited, Use shared text joins it again) and the fields its platform needs. */
function ChannelPanel({
  channel,
  fields,
  shared,
  check,
  onChange,
  media,
  authors,
  flairs,
}: ChannelPanelProps) {
  const id = useId();
  const described = platforms[channel];
  const label = platformLabels[channel];
  const text = textOf(fields, shared);
  const over = check.used > check.max;
  return (
    <>
      {described.choosesAuthor ? (
        <div className="grid gap-2">
          <AuthorSelect
            id={`${id}-author`}
            value={fields.author}
            onChange={(author) => onChange({ author })}
            authors={authors}
          />
        </div>
      ) : null}
      {described.subreddit ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-sr`}>Subreddit</Label>
            <Input
              id={`${id}-sr`}
              value={fields.subreddit}
              onChange={(e) => onChange({ subreddit: e.target.value, flairId: '', flairText: '' })}
              placeholder="e.g. MuseSandbox"
              autoComplete="off"
            />
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-title`}>Post Title</Label>
            <Input
              id={`${id}-title`}
              value={fields.title}
              onChange={(e) => onChange({ title: e.target.value })}
              aria-describedby={`${id}-title-count`}
            />
            <LimitCounter
              id={`${id}-title-count`}
              used={[...fields.title.trim()].length}
              max={REDDIT_LIMITS.titleMaxChars}
            />
          </div>
        </div>
      ) : null}
      {described.subreddit && flairs.state.status === 'loading' ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading flairs...
        </p>
      ) : null}
      {described.subreddit && flairs.state.status === 'error' ? (
        <p role="alert" className="text-sm text-destructive">
          {flairs.state.failure.message}
        </p>
      ) : null}
      {described.subreddit && flairs.data && flairs.data.flairs.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-flair`}>
              Post Flair{flairs.data.flairRequired ? '' : ' (optional)'}
            </Label>
            <NativeSelect
              id={`${id}-flair`}
              value={fields.flairId}
              onChange={(e) => onChange({ flairId: e.target.value })}
            >
              <option value="">{flairs.data.flairRequired ? 'Choose a flair' : 'No flair'}</option>
              {flairs.data.flairs.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.text}
                </option>
              ))}
            </NativeSelect>
          </div>
          {flairs.chosen?.textEditable ? (
            <div className="grid content-start gap-2">
              <Label htmlFor={`${id}-flair-text`}>Flair Text</Label>
              <Input
                id={`${id}-flair-text`}
                value={fields.flairText}
                onChange={(e) => onChange({ flairText: e.target.value })}
                maxLength={64}
                placeholder={flairs.chosen.text}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      {described.videoUpload ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-video-title`}>Video Title</Label>
            <Input
              id={`${id}-video-title`}
              value={fields.videoTitle}
              onChange={(e) => onChange({ videoTitle: e.target.value })}
              aria-describedby={`${id}-video-title-count`}
            />
            <LimitCounter
              id={`${id}-video-title-count`}
              used={[...fields.videoTitle.trim()].length}
              max={YOUTUBE_LIMITS.titleMaxChars}
            />
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-visibility`}>Video Visibility</Label>
            <NativeSelect
              id={`${id}-visibility`}
              value={fields.visibility}
              onChange={(e) => onChange({ visibility: e.target.value as YouTubePrivacyStatus })}
            >
              {VISIBILITY_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid content-start gap-2 sm:col-span-2">
            <Label htmlFor={`${id}-tags`}>Tags</Label>
            <Input
              id={`${id}-tags`}
              value={fields.tags}
              onChange={(e) => onChange({ tags: e.target.value })}
              placeholder="Enter tags separated by commas"
            />
          </div>
        </div>
      ) : null}
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Label htmlFor={`${id}-text`}>
            {described.videoUpload ? `Description for ${label}` : `Text for ${label}`}
          </Label>
          {fields.text !== null ? (
            <span className="flex flex-wrap items-center gap-2">
              <span
                role="status"
                className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground"
              >
                Edited for {label}
              </span>
              <Button variant="outline" size="sm" onClick={() => onChange({ text: null })}>
                Use shared text
              </Button>
            </span>
          ) : null}
        </div>
        <Textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => onChange({ text: editChannelText(fields, e.target.value, shared).text })}
          rows={6}
          aria-invalid={over || undefined}
          aria-describedby={`${id}-count ${id}-follows`}
          className={cn(over && 'border-destructive focus-visible:ring-destructive')}
        />
        <p id={`${id}-follows`} className="text-xs text-muted-foreground">
          {fields.text === null
            ? 'Follows the shared text until you edit it here.'
            : `Only ${label} sends this text; the shared text no longer changes it.`}
        </p>
        <LimitCounter id={`${id}-count`} used={check.used} max={check.max} unit={check.unit} />
      </div>
      <ChannelMedia channel={channel} {...media} />
    </>
  );
}

/**
 * A channel's media: the shared media until "Use different media for this channel" forks it (a copy to edit:
 * YouTube's video beside X's image), "Use shared media" joins it again. A forked channel's checks read its own files.
 */
function ChannelMedia({
  channel,
  own,
  shared,
  checks,
  target,
  onChange,
  onJoin,
}: { channel: Channel } & ChannelPanelProps['media']) {
  const label = platformLabels[channel];
  const video = platforms[channel].videoUpload;
  if (own === null) {
    return (
      <div className="grid gap-2">
        <p className="text-sm font-medium leading-none">{video ? 'Video' : 'Media'}</p>
        <p className="text-xs text-muted-foreground">
          {shared.length === 0
            ? 'Follows the shared media (none yet).'
            : `Follows the shared media: ${shared.map((m) => m.title).join(', ')}.`}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            onChange(video ? shared.filter((m) => m.type === 'video').slice(0, 1) : [...shared])
          }
          className="justify-self-start"
        >
          Use different media for this channel
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <span className="flex flex-wrap items-center gap-2">
        <span
          role="status"
          className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground"
        >
          Own media for {label}
        </span>
        <Button variant="outline" size="sm" onClick={onJoin}>
          Use shared media
        </Button>
      </span>
      <MediaField
        platform={channel}
        media={own}
        onChange={onChange}
        checks={checks}
        channels={[target]}
        {...(video
          ? { types: ['video'] as const, single: true, legend: `Video for ${label}` }
          : { legend: `Media for ${label}` })}
      />
    </div>
  );
}
