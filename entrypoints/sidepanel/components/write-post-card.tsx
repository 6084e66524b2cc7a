import type { AiTextModelId } from '@core/ai-text';
import {
  draftLabel,
  draftMediaOf,
  draftPlatforms,
  ownStoragePicture,
  type DraftPlatform,
} from '@core/data/draft';
import { channelFieldsOfDraft, checkChannel, publishInputOf } from '@core/compose';
import { callFunction, readCallableError } from '@core/firebase/call';
import { paths } from '@core/routes';
import { checkScheduleDate, SCHEDULE_MESSAGES } from '@core/schedule';
import { cleanSubreddit } from '@core/post-checks';
import { checkDraft, platformFacts, platformLabels, platforms } from '@core/platforms';
import { callableState } from '@core/react/callable-state';
import { callableReads, PROFILE_TTL_MS } from '@core/react/query-client';
import { chooseFlair, useSubredditFlairs } from '@core/react/use-subreddit-flairs';
import { connectionLabel, type SocialConnection } from '@core/social-connections';
import { publishPlatforms, type PlatformProfile } from '@core/social-posts';
import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';
import { cn } from '@core/ui/cn';
import { Input, Label, Textarea } from '@core/ui/input';
import { NativeSelect } from '@core/ui/select';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, FilePlus2, Send, Sparkles, X } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { panelFirebaseConfig, type SidePanelServices } from '../firebase';
import type { PanelDraft } from '../hooks/use-panel-draft';
import { toPanelItem } from '../hooks/library-items';
import {
  PANEL_TEXT_MODELS,
  useChannelConnections,
  useDraftMediaRecords,
  useRecentDrafts,
  useTextModels,
  useWorkspaceTimeZone,
} from '../hooks/use-panel-reads';
import {
  hasLink,
  postPrompt,
  POST_TONES,
  splitRedditReply,
  withLink,
  type PostTone,
  type PromptPage,
} from '../logic/post-prompt';
import { PostOutcome } from './post-outcome';
import { RedditFlairField } from './reddit-flair-field';
import { Section } from './ui';
import { ChannelChecks } from '@core/ui/channel-checks';

const DASHBOARD_PATHS: Record<DraftPlatform, string> = {
  x: paths.socialX,
  linkedin: paths.socialLinkedin,
  reddit: paths.socialReddit,
};
const FAILED_TO_GENERATE = 'Failed to generate post content.';

/** Where a draft opens in the dashboard's composer. */
export function draftDashboardUrl(
  dashboardUrl: string,
  platform: DraftPlatform,
  id: string,
): string {
  return `${dashboardUrl}${DASHBOARD_PATHS[platform]}?draft=${encodeURIComponent(id)}`;
}

function PlatformPicker({
  value,
  onChange,
}: {
  value: DraftPlatform;
  onChange: (p: DraftPlatform) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium">Platform</legend>
      <div className="grid grid-cols-3 gap-1 rounded-md bg-muted p-1">
        {draftPlatforms.map((p) => (
          <label key={p} className="relative">
            <input
              type="radio"
              name={name}
              value={p}
              checked={value === p}
              onChange={() => onChange(p)}
              className="peer sr-only"
            />
            <span className="block cursor-pointer rounded px-2 py-1.5 text-center text-sm font-medium text-muted-foreground peer-checked:bg-background peer-checked:text-foreground peer-checked:shadow-sm peer-focus-visible:ring-2 peer-focus-visible:ring-ring">
              {platformLabels[p]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The other channels the draft also goes to, as the dashboard's Compose picks them: only a connected channel
 * can be ticked; the others say why not.
 */
function AlsoSendTo({
  main,
  also,
  connections,
  onToggle,
}: {
  main: DraftPlatform;
  also: readonly DraftPlatform[];
  connections: Record<DraftPlatform, SocialConnection> | null;
  onToggle: (p: DraftPlatform) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium">Also send to</legend>
      <ul className="grid gap-1">
        {draftPlatforms
          .filter((p) => p !== main)
          .map((p) => {
            const connection = connections?.[p] ?? null;
            const ok = connection?.state === 'connected';
            return (
              <li key={p} className="flex min-w-0 items-center gap-2 text-sm">
                <label
                  className={cn(
                    'flex min-w-0 items-center gap-2',
                    ok ? 'cursor-pointer' : 'cursor-not-allowed text-muted-foreground',
                  )}
                >
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 accent-primary"
                    checked={ok && also.includes(p)}
                    disabled={!ok}
                    onChange={() => onToggle(p)}
                  />
                  {platformLabels[p]}
                </label>
                {!ok && (
                  <span className="truncate text-xs text-muted-foreground">
                    {connection ? connectionLabel(connection) : 'Loading…'}
                  </span>
                )}
              </li>
            );
          })}
      </ul>
    </fieldset>
  );
}

/** What publishPost answered for one channel of the last send. */
type SentChannel =
  { channel: DraftPlatform; postId: string } | { channel: DraftPlatform; refused: string };

function Field({
  label,
  htmlFor,
  children,
  hint,
}: {
  label: string;
  htmlFor: string;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {hint}
    </div>
  );
}

/** LinkedIn: who may post, from getPlatformProfile (kept a few minutes per panel while LinkedIn is chosen: core/react/query-client.ts). */
function useLinkedinAuthors(
  services: SidePanelServices,
  enabled: boolean,
): { authors: PlatformProfile['authors'] | null; failure: string | null } {
  const query = useQuery(
    {
      queryKey: ['getPlatformProfile', 'linkedin'],
      queryFn: () =>
        callFunction(services.clients.functions, 'getPlatformProfile', { platform: 'linkedin' }),
      staleTime: PROFILE_TTL_MS,
      enabled,
    },
    callableReads,
  );
  const state = callableState(
    query,
    'Please connect your LinkedIn account in the Integrations page',
  );
  return state.status === 'error'
    ? { authors: [], failure: state.failure.message }
    : { authors: state.status === 'success' ? state.data.authors : null, failure: null };
}

export function WritePostCard({
  services,
  uid,
  page,
  draft,
}: {
  services: SidePanelServices;
  uid: string;
  page: PromptPage | null;
  draft: PanelDraft;
}) {
  const { db, functions } = services.clients;
  const id = useId();
  const f = draft.fields;
  const [tone, setTone] = useState<PostTone>('');
  const models = useTextModels(db, uid);
  const [model, setModel] = useState<AiTextModelId | null>(null);
  const [notes, setNotes] = useState('');
  const [generating, setGenerating] = useState(false);
  const [aiError, setAiError] = useState<{
    message: string;
    needsIntegrations: boolean;
    keyWasMissing: boolean;
  } | null>(null);
  const [scheduleOn, setScheduleOn] = useState(false);
  const [scheduleAt, setScheduleAt] = useState('');
  const [clickError, setClickError] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [publishError, setPublishError] = useState<string | null>(null);
  const [sent, setSent] = useState<SentChannel[] | null>(null);
  // The last post's outcome sits under the empty draft that follows it, and goes once that draft gets
  // content or another draft opens: it must not make the next post look already posted.
  const nextDraftStarted = Boolean(draft.id || f.text.trim() || f.title.trim() || f.media.length);
  useEffect(() => {
    if (nextDraftStarted) setSent(null);
  }, [nextDraftStarted]);
  const drafts = useRecentDrafts(db, uid);
  // A listed draft of media alone is named from its files' library records.
  const listedMedia = useDraftMediaRecords(
    db,
    uid,
    drafts.filter((d) => !d.title.trim() && !d.text.trim()).flatMap((d) => d.media),
  );
  // The draft keeps library ids only: what is shown, checked and sent comes from the library records. An id
  // the library no longer holds is shown as missing and never sent; Post waits until the records are read.
  const media = draftMediaOf(f.media, useDraftMediaRecords(db, uid, f.media));
  const found = media?.flatMap((m) => (m.record ? [m.record] : [])) ?? [];
  const facts = found.map((g) => ({ contentType: g.contentType ?? '', sizeBytes: g.sizeBytes }));
  const mediaLoading = !media;
  const platform = platforms[f.platform];
  // The channels this draft goes to: its own platform first, then each other connected one ticked.
  const connections = useChannelConnections(db, uid);
  const timeZone = useWorkspaceTimeZone(db, uid);
  const [also, setAlso] = useState<DraftPlatform[]>([]);
  const chosen: DraftPlatform[] = [
    f.platform,
    ...draftPlatforms.filter(
      (p) => p !== f.platform && also.includes(p) && connections?.[p].state === 'connected',
    ),
  ];
  const has = (p: DraftPlatform) => chosen.includes(p);
  const many = chosen.length > 1;
  const linkedin = useLinkedinAuthors(services, has('linkedin'));
  // Reddit: the subreddit's flairs; the draft keeps the chosen flair's id.
  const subreddit = cleanSubreddit(f.subreddit);
  const flairs = useSubredditFlairs(has('reddit') ? subreddit : '', (name) =>
    callFunction(functions, 'getSubredditFlairs', { subreddit: name }),
  );
  const flairData =
    flairs.status === 'success' && flairs.data.subreddit.toLowerCase() === subreddit.toLowerCase()
      ? flairs.data
      : null;
  const flair = chooseFlair(flairData, f.flair);
  const [flairText, setFlairText] = useState('');
  // Every chosen channel's checks, from the same code as the dashboard's Compose (core/compose.ts).
  const fields = channelFieldsOfDraft(f, flairText);
  const checks = chosen.map((channel) => ({
    channel,
    ...checkChannel(channel, { text: f.text, media: facts, fields, flairMissing: flair.missing }),
  }));
  const failing = checks.filter((c) => c.reasons.length > 0);
  const blocked =
    many && failing.length > 0
      ? `Fix ${failing.map((c) => platformLabels[c.channel]).join(', ')} before posting: the reasons are listed per channel.`
      : null;

  const check = checkDraft({ ...f, media: facts });
  const canPublish = (publishPlatforms as readonly string[]).includes(f.platform);
  const chosenModel = model ?? models.preferred;
  // "Add your key" goes once the missing key is there (saved in the dashboard while the panel stays open).
  const chosenProvider = PANEL_TEXT_MODELS.find((m) => m.id === chosenModel)?.provider;
  const shownAiError =
    aiError?.keyWasMissing && chosenProvider && models.configured?.has(chosenProvider)
      ? null
      : aiError;
  const over = check.used > check.max;
  // The draft's own page, else the page in the active tab (a draft started before the page was read).
  const linkUrl = f.sourceUrl || (page && /^https?:/.test(page.url) ? page.url : '');

  const generate = async () => {
    setGenerating(true);
    setAiError(null);
    const { task, prompt } = postPrompt(f.platform, page, tone, notes);
    try {
      const result = await callFunction(functions, 'generateText', {
        task,
        prompt,
        model: chosenModel,
        context: { platform: f.platform },
      });
      const url = page?.url && /^https?:/.test(page.url) ? page.url : '';
      const attach = !!url && (hasLink(f.text, f.sourceUrl) || !f.text.trim());
      if (platform.subreddit) {
        const { title, text } = splitRedditReply(result.text);
        draft.update({ title, text: withLink(text, url, attach), sourceUrl: url || f.sourceUrl });
      } else {
        draft.update({ text: withLink(result.text, url, attach), sourceUrl: url || f.sourceUrl });
      }
    } catch (error) {
      const failure = readCallableError(error, FAILED_TO_GENERATE);
      setAiError({
        message: failure.message,
        needsIntegrations: failure.needsIntegrations,
        keyWasMissing:
          failure.needsIntegrations && (!chosenProvider || !models.configured?.has(chosenProvider)),
      });
    } finally {
      setGenerating(false);
    }
  };

  const publish = async () => {
    setClickError(null);
    setPublishError(null);
    if (blocked) return setClickError(blocked);
    if (mediaLoading) return;
    if (check.missing) return setClickError(check.missing);
    if (platform.subreddit && flair.missing) return setClickError(flair.missing);
    // The dashboard's rule (core/schedule.ts): the wall time read in the workspace's zone, DST included.
    let scheduledAt: string | null = null;
    if (scheduleOn) {
      const when = checkScheduleDate(scheduleAt, timeZone, new Date());
      if (!when.ok) return setClickError(when.message);
      if (!when.scheduledAt) return setClickError(SCHEDULE_MESSAGES.invalid);
      scheduledAt = when.scheduledAt;
    }
    setPublishing(true);
    try {
      await draft.saveNow();
      // One post group, as Compose sends it: one publishPost per channel, one after the other; a channel
      // refused does not stop the others.
      const groupId = crypto.randomUUID();
      const sending = found.map((g) => ({ id: g.id }));
      const results: SentChannel[] = [];
      for (const channel of chosen) {
        const input = publishInputOf(
          channel,
          {
            text: f.text,
            media: sending,
            fields,
            flair: platformFacts[channel].subreddit ? flair.chosen : null,
          },
          { requestId: crypto.randomUUID(), groupId, scheduledAt, timeZone },
        );
        try {
          const result = await callFunction(functions, 'publishPost', input);
          results.push({ channel, postId: result.postId });
        } catch (error) {
          results.push({
            channel,
            refused: readCallableError(
              error,
              `Failed to post to ${platformLabels[channel]}. Please try again.`,
            ).message,
          });
        }
      }
      const refused = results.flatMap((r) => ('refused' in r ? [r] : []));
      if (!many && refused[0]) return setPublishError(refused[0].refused);
      setSent(results);
      if (refused.length === results.length) return;
      setScheduleOn(false);
      setScheduleAt('');
      if (refused.length === 0) {
        setAlso([]);
        await draft.finish();
      } else {
        // The draft stays, narrowed to the channels that refused it, to fix and send to them alone.
        setAlso(refused.slice(1).map((r) => r.channel));
        draft.update({ platform: refused[0]!.channel });
      }
    } finally {
      setPublishing(false);
    }
  };

  const saveLine = {
    idle: draft.id ? 'Unsaved changes' : '',
    saving: 'Saving…',
    saved: 'Draft saved',
    error: 'Could not save the draft: it is kept in the panel and saved again when you are online.',
  }[draft.saveState];

  return (
    <Section
      title="Write a post"
      id="write-post"
      action={
        <Button
          variant="ghost"
          size="xs"
          onClick={() => {
            setSent(null);
            draft.startNew(f.platform, page?.url ?? '');
          }}
        >
          <FilePlus2 aria-hidden="true" />
          New draft
        </Button>
      }
    >
      <div className="grid gap-3">
        {drafts.length > 0 && (
          <Field label="Open a draft" htmlFor={`${id}-drafts`}>
            <NativeSelect
              id={`${id}-drafts`}
              value={draft.id && drafts.some((d) => d.id === draft.id) ? draft.id : ''}
              onChange={(e) => {
                if (e.target.value) void draft.open(e.target.value);
              }}
            >
              <option value="">{draft.id ? 'Choose a draft' : 'New draft (not saved yet)'}</option>
              {drafts.map((d) => (
                <option key={d.id} value={d.id}>
                  {platformLabels[d.platform]}: {draftLabel(d, listedMedia)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
        <PlatformPicker value={f.platform} onChange={(platform) => draft.update({ platform })} />
        <AlsoSendTo
          main={f.platform}
          also={also}
          connections={connections}
          onToggle={(p) =>
            setAlso((list) => (list.includes(p) ? list.filter((x) => x !== p) : [...list, p]))
          }
        />
        {/* Side by side from 400 px: narrower, a model name with "(no key)" would be cut. */}
        <div className="grid gap-2 min-[400px]:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <Field label="Tone" htmlFor={`${id}-tone`}>
            <NativeSelect
              id={`${id}-tone`}
              value={tone}
              onChange={(e) => setTone(e.target.value as PostTone)}
            >
              {POST_TONES.map((t) => (
                <option key={t} value={t}>
                  {t ? t[0]!.toUpperCase() + t.slice(1) : 'Any tone'}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="AI model" htmlFor={`${id}-model`}>
            <NativeSelect
              id={`${id}-model`}
              value={chosenModel}
              onChange={(e) => setModel(e.target.value as AiTextModelId)}
            >
              {PANEL_TEXT_MODELS.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label}
                  {models.configured && !models.configured.has(m.provider) ? ' (no key)' : ''}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <Field label="Focus (optional)" htmlFor={`${id}-notes`}>
          <Input
            id={`${id}-notes`}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            placeholder="e.g. the pricing, for founders"
          />
        </Field>
        <Button
          variant="secondary"
          onClick={() => void generate()}
          loading={generating}
          disabled={!page && !notes.trim()}
        >
          {generating ? null : <Sparkles aria-hidden="true" />}
          {generating ? 'Writing…' : page ? 'Draft from this page' : 'Draft with AI'}
        </Button>
        {shownAiError && (
          <Alert tone="danger">
            {shownAiError.message}
            {shownAiError.needsIntegrations && (
              <a
                className="ml-1 font-medium underline"
                href={`${services.dashboardUrl}${paths.integrations}`}
                target="_blank"
                rel="noreferrer"
              >
                Open Integrations
              </a>
            )}
          </Alert>
        )}

        {has('reddit') && (
          <>
            <Field label="Subreddit" htmlFor={`${id}-subreddit`}>
              <Input
                id={`${id}-subreddit`}
                value={f.subreddit}
                onChange={(e) => draft.update({ subreddit: cleanSubreddit(e.target.value) })}
                placeholder="e.g. oceanography"
                required
              />
            </Field>
            <Field label="Post Title" htmlFor={`${id}-title`}>
              <Input
                id={`${id}-title`}
                value={f.title}
                onChange={(e) => draft.update({ title: e.target.value })}
                required
              />
            </Field>
            <RedditFlairField
              state={flairs}
              data={flairData}
              value={f.flair}
              onChange={(flairId) => draft.update({ flair: flairId })}
              chosen={flair.chosen}
              text={flairText}
              onTextChange={setFlairText}
              missing={flair.missing}
            />
          </>
        )}
        {has('linkedin') && (
          <Field
            label="Post From"
            htmlFor={`${id}-author`}
            hint={
              linkedin.failure ? (
                <p className="text-xs text-destructive">{linkedin.failure}</p>
              ) : null
            }
          >
            <NativeSelect
              id={`${id}-author`}
              value={f.author}
              onChange={(e) => draft.update({ author: e.target.value })}
            >
              <option value="">
                {linkedin.authors ? 'Select where to post from' : 'Loading...'}
              </option>
              {f.author && !linkedin.authors?.some((a) => a.urn === f.author) && (
                <option value={f.author}>Saved choice</option>
              )}
              {linkedin.authors?.map((a) => (
                <option key={a.urn} value={a.urn}>
                  {a.kind === 'person' ? `${a.name} (you)` : `${a.name} (company page)`}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}

        <Field
          label={platform.subreddit ? 'Post Content' : 'Post text'}
          htmlFor={`${id}-text`}
          hint={
            <p
              id={`${id}-count`}
              aria-live="polite"
              className={cn(
                'text-right text-xs tabular-nums',
                over ? 'font-medium text-destructive' : 'text-muted-foreground',
              )}
            >
              {check.used.toLocaleString('en-US')}/{check.max.toLocaleString('en-US')}
            </p>
          }
        >
          <Textarea
            id={`${id}-text`}
            value={f.text}
            onChange={(e) => draft.update({ text: e.target.value })}
            rows={7}
            aria-describedby={`${id}-count`}
            aria-invalid={over || undefined}
            className={cn(over && 'border-destructive')}
            placeholder={platform.textPlaceholder}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={hasLink(f.text, linkUrl)}
            disabled={!linkUrl}
            onChange={(e) =>
              draft.update({
                text: withLink(f.text, linkUrl, e.target.checked),
                sourceUrl: linkUrl,
              })
            }
          />
          Attach page link
        </label>

        {f.media.length > 0 && (
          <ul aria-label="Attached media" className="grid gap-2">
            {f.media.map((mediaId, i) => {
              const record = media?.[i]?.record;
              const item = record ? toPanelItem(record) : null;
              const name = item ? item.title : media ? 'Missing from your library' : 'Loading…';
              return (
                <li
                  key={mediaId}
                  className="flex min-w-0 items-center gap-2 rounded-md border p-1.5"
                >
                  <span className="size-10 shrink-0 overflow-hidden rounded bg-muted">
                    <MediaThumb url={item?.pictureUrl ?? null} />
                  </span>
                  <span
                    className={cn(
                      'min-w-0 flex-1 truncate text-sm',
                      !item && 'text-muted-foreground',
                    )}
                  >
                    {name}
                  </span>
                  <Button
                    variant="ghost"
                    size="xs"
                    aria-label={`Remove ${item ? item.title : 'missing file'}`}
                    onClick={() => draft.update({ media: f.media.filter((x) => x !== mediaId) })}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}

        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={scheduleOn}
            onChange={(e) => setScheduleOn(e.target.checked)}
          />
          Schedule for later
        </label>
        {scheduleOn && (
          <Field
            label="Schedule Date"
            htmlFor={`${id}-when`}
            hint={
              <p id={`${id}-zone`} className="text-xs text-muted-foreground">
                Times in {timeZone}
              </p>
            }
          >
            <Input
              id={`${id}-when`}
              type="datetime-local"
              value={scheduleAt}
              onChange={(e) => setScheduleAt(e.target.value)}
              aria-describedby={`${id}-zone`}
            />
          </Field>
        )}

        {many ? (
          <ChannelChecks checks={checks} />
        ) : (
          check.problem && (
            <p role="alert" className="text-sm text-destructive">
              {check.problem}
            </p>
          )
        )}
        {clickError && <Alert tone="danger">{clickError}</Alert>}
        {publishError && <Alert tone="danger">{publishError}</Alert>}
        {!canPublish && (
          <p className="text-xs text-muted-foreground">
            Posting to {platformLabels[f.platform]} from the panel is not available yet: save the
            draft and finish it in the dashboard.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => void publish()}
            loading={publishing}
            disabled={!canPublish || !!check.problem || !!blocked || mediaLoading}
            className="flex-1"
          >
            {publishing ? null : <Send aria-hidden="true" />}
            {scheduleOn ? 'Schedule Post' : 'Post Now'}
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              setClickError(
                f.text.trim() || f.title.trim() || f.media.length
                  ? null
                  : 'Write something first: empty drafts are not saved.',
              );
              void draft.saveNow();
            }}
            className="flex-1"
          >
            Save as draft
          </Button>
        </div>
        <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
          <span role="status">{saveLine}</span>
          {draft.id && draft.saveState === 'saved' && (
            <a
              href={draftDashboardUrl(services.dashboardUrl, f.platform, draft.id)}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              Open in dashboard
              <ExternalLink aria-hidden="true" className="size-3" />
            </a>
          )}
        </div>
        {sent?.map((r) =>
          'postId' in r ? (
            <PostOutcome
              key={r.channel}
              db={db}
              uid={uid}
              postId={r.postId}
              label={sent.length > 1 ? platformLabels[r.channel] : undefined}
              onDismiss={() => setSent(null)}
            />
          ) : (
            <Alert key={r.channel} tone="danger">
              <span className="font-medium">{platformLabels[r.channel]}: </span>
              {r.refused}
            </Alert>
          ),
        )}
      </div>
    </Section>
  );
}

/** A library record's picture, and only from this build's own Storage (core/data/draft.ts, ownStoragePicture). */
function MediaThumb({ url }: { url: string | null }) {
  const src = ownStoragePicture(url, panelFirebaseConfig());
  return src ? <img src={src} alt="" className="size-full object-cover" /> : null;
}
