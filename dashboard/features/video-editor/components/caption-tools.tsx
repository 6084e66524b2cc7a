import { useAtomValue, useSetAtom } from 'jotai';
import { AudioLines, Captions, Download, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toSrt, toVtt, transcriptWords } from '@core/captions';
import { integrationLabel } from '@core/integrations';
import {
  TRANSCRIPTION_MAX_BYTES,
  transcriptionProviders,
  type TranscriptionProvider,
} from '@core/jobs';
import { paths } from '@core/routes';
import { Button } from '@core/ui/button';
import {
  CAPTION_POSITIONS,
  CAPTION_PRESETS,
  CAPTION_SIZES,
  type CaptionStyle,
} from '@core/editor/model';
import { Input, Label } from '@core/ui/input';
import { NativeSelect } from '@core/ui/select';
import { useAuth } from '@/lib/auth';
import { readCallableError } from '@/lib/call';
import { safeFileName, saveBlob } from '@/lib/download';
import { useKeyStatuses, type KeyStatuses } from '@/lib/integration-statuses';
import { startGenerationJob } from '@/lib/jobs/job-calls';
import { useJob } from '@/lib/jobs/job-reads';
import { uploadToLibrary } from '@/lib/library-upload';
import {
  applyCaptionsAtom,
  captionStyleAtom,
  editCaptionWordAtom,
  itemsAtom,
  newClipId,
  projectIdAtom,
  selectionAtom,
  setCaptionStyleAtom,
  settingsAtom,
  timelineAtom,
  titleAtom,
} from '../atoms';
import { captionCues, captionItemsFor, isCaption } from '../model/captions';
import { clipSpeed, type Clip } from '../model/tracks';
import { renderDuration } from '../render/scene';
import {
  TimelineAudioError,
  timelineAudioWav,
  TRANSCRIBE_MAX_SECONDS,
  transcribeMaxSeconds,
} from '../render/timeline-audio';

// Captions in the editor: Transcribe the selected clip with sound, or Transcribe timeline (its mixed sound,
// render/timeline-audio.ts, uploaded to the library first), as a transcription job through the user's
// ElevenLabs or OpenAI key (docs/architecture.md; "Transcribe with" chooses when both are saved); the words
// become cues on the caption track over the stretch transcribed; the selected cue's words are edited one by
// one; Download SRT / VTT saves the caption track.
// The caption track's style (preset, position, size) is one project setting, painted by render/draw-caption.ts.

/** The transcription this editor started: the clip's place when it started, so the cues land where it was. */
interface Pending {
  jobId: string;
  clipName: string;
  start_time: number;
  duration: number;
  in_point: number;
  speed: number;
}

const hasSound = (clip: Clip) =>
  clip.item.type === 'audio' || (clip.item.type === 'video' && clip.item.settings.muted !== true);

/** The providers whose key the user saved, in the order offered; none while the keys are loading. */
export function savedTranscriptionProviders(keys: KeyStatuses | null): TranscriptionProvider[] {
  return keys ? transcriptionProviders.filter((p) => keys[p]) : [];
}

/**
 * Who transcribes: the user's pick while its key is saved, else the first saved one (ElevenLabs where both
 * are), else ElevenLabs, whose missing key the job then names.
 */
export function transcriptionProviderFor(
  saved: readonly TranscriptionProvider[],
  picked: TranscriptionProvider | null,
): TranscriptionProvider {
  if (picked && saved.includes(picked)) return picked;
  return saved[0] ?? transcriptionProviders[0];
}

/** Transcribe for the selected clip, the job's progress, and the SRT / VTT downloads. */
export function CaptionTools() {
  const tl = useAtomValue(timelineAtom);
  const selection = useAtomValue(selectionAtom);
  const items = useAtomValue(itemsAtom);
  const title = useAtomValue(titleAtom);
  const settings = useAtomValue(settingsAtom);
  const fps = settings.fps;
  const projectId = useAtomValue(projectIdAtom);
  const { user } = useAuth();
  const applyCaptions = useSetAtom(applyCaptionsAtom);
  const [pending, setPending] = useState<Pending | null>(null);
  const [starting, setStarting] = useState(false);
  /** What Transcribe timeline is doing before its job starts (mixing, uploading). */
  const [preparing, setPreparing] = useState<string | null>(null);
  const [startError, setStartError] = useState<{
    message: string;
    needsIntegrations: boolean;
  } | null>(null);
  const jobState = useJob(pending?.jobId ?? null);
  const job = jobState.status === 'success' ? jobState.data : null;
  const applied = useRef<string | null>(null);
  const { state: keyState } = useKeyStatuses();
  const saved = savedTranscriptionProviders(keyState.status === 'success' ? keyState.data : null);
  const [picked, setPicked] = useState<TranscriptionProvider | null>(null);
  const provider = transcriptionProviderFor(saved, picked);
  const providerLabel = integrationLabel(provider);
  const providerSelectId = useId();

  useEffect(() => {
    if (
      !pending ||
      job?.id !== pending.jobId ||
      job.status !== 'succeeded' ||
      applied.current === job.id
    )
      return;
    applied.current = job.id;
    const captions = captionItemsFor(transcriptWords(job.result), pending, fps, newClipId);
    applyCaptions(captions, pending.start_time, pending.start_time + pending.duration);
  }, [job, pending, fps, applyCaptions]);

  const clip = selection.length === 1 ? tl.clips.find((c) => c.id === selection[0]) : undefined;
  const source =
    clip && hasSound(clip) && 'storagePath' in clip.item.settings
      ? clip.item.settings.storagePath
      : undefined;
  const running =
    starting || (job !== null && (job.status === 'queued' || job.status === 'running'));
  const cues = captionCues(items);

  const timelineSounds = tl.clips.some(hasSound);

  async function transcribeTimeline() {
    if (!user || !timelineSounds) return;
    setStartError(null);
    // A provider that takes smaller files than an upload may be (OpenAI: 25 MB) says so before the mix.
    const maxSeconds = Math.min(
      TRANSCRIBE_MAX_SECONDS,
      transcribeMaxSeconds(TRANSCRIPTION_MAX_BYTES[provider]),
    );
    if (maxSeconds < TRANSCRIBE_MAX_SECONDS && renderDuration(items) > maxSeconds) {
      setStartError({
        message: `The timeline is too long for ${providerLabel} to transcribe at once (${Math.floor(maxSeconds / 60)} minutes at most). Choose another provider, or transcribe clip by clip.`,
        needsIntegrations: false,
      });
      return;
    }
    setStarting(true);
    try {
      setPreparing("Mixing the timeline's sound...");
      const { blob, duration } = await timelineAudioWav(items, settings);
      setPreparing("Uploading the timeline's sound...");
      const upload = await uploadToLibrary(user.uid, 'uploads', blob, {
        fileName: 'timeline.wav',
        title: `${title} (timeline sound)`,
        ...(projectId ? { projectId } : {}),
      });
      const { jobId } = await startGenerationJob('transcription', {
        storagePath: upload.storagePath,
        provider,
      });
      setPending({
        jobId,
        clipName: 'the timeline',
        start_time: 0,
        duration,
        in_point: 0,
        speed: 1,
      });
    } catch (error) {
      if (error instanceof TimelineAudioError)
        setStartError({ message: error.message, needsIntegrations: false });
      else {
        const failure = readCallableError(error, 'Failed to transcribe the timeline');
        setStartError({ message: failure.message, needsIntegrations: failure.needsIntegrations });
      }
    } finally {
      setPreparing(null);
      setStarting(false);
    }
  }

  async function transcribe() {
    if (!clip || !source) return;
    setStarting(true);
    setStartError(null);
    try {
      const { jobId } = await startGenerationJob('transcription', {
        storagePath: source,
        provider,
      });
      const name = 'name' in clip.item.settings ? clip.item.settings.name : undefined;
      setPending({
        jobId,
        clipName: name?.trim() || 'the clip',
        start_time: clip.start / tl.fps,
        duration: clip.length / tl.fps,
        in_point: clip.in / tl.fps,
        speed: clipSpeed(clip),
      });
    } catch (error) {
      const failure = readCallableError(error, 'Failed to transcribe');
      setStartError({ message: failure.message, needsIntegrations: failure.needsIntegrations });
    } finally {
      setStarting(false);
    }
  }

  function download(format: 'srt' | 'vtt') {
    const text = format === 'srt' ? toSrt(cues) : toVtt(cues);
    saveBlob(
      new Blob([text], { type: format === 'srt' ? 'application/x-subrip' : 'text/vtt' }),
      safeFileName(title, `.${format}`, 'captions'),
    );
  }

  const status =
    job && pending
      ? statusLine(
          job.status,
          job.progress,
          job.statusText,
          job.error?.message,
          pending.clipName,
          cues.length,
        )
      : null;
  return (
    <section aria-label="Captions" className="mt-3 space-y-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="flex-1 text-sm font-medium">Captions</h2>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void transcribe()}
          disabled={!source || running}
          title={transcribeHint(clip, source, providerLabel)}
        >
          {running ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Captions aria-hidden="true" />
          )}
          Transcribe
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void transcribeTimeline()}
          disabled={!timelineSounds || running || !user}
          title={
            timelineSounds
              ? `Transcribe what the whole timeline sounds like into captions with your ${providerLabel} key`
              : 'Add a clip with sound to the timeline'
          }
        >
          {running ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <AudioLines aria-hidden="true" />
          )}
          Transcribe timeline
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => download('srt')}
          disabled={cues.length === 0}
        >
          <Download aria-hidden="true" />
          Download SRT
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => download('vtt')}
          disabled={cues.length === 0}
        >
          <Download aria-hidden="true" />
          Download VTT
        </Button>
      </div>
      {saved.length > 1 ? (
        <div className="space-y-1 min-[420px]:max-w-xs">
          <Label htmlFor={providerSelectId} className="text-xs text-muted-foreground">
            Transcribe with
          </Label>
          <NativeSelect
            id={providerSelectId}
            value={provider}
            disabled={running}
            onChange={(e) => setPicked(e.target.value as TranscriptionProvider)}
            className="h-9"
          >
            {saved.map((p) => (
              <option key={p} value={p}>
                {PROVIDER_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      {running && job ? (
        <div
          role="progressbar"
          aria-label="Transcription progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={job.progress}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full bg-primary transition-[width]"
            style={{ width: `${job.progress}%` }}
          />
        </div>
      ) : null}
      {startError ? (
        <p role="alert" className="text-sm text-destructive">
          {startError.message}{' '}
          {startError.needsIntegrations ? (
            <Link to={paths.integrations} className="underline">
              Open Integrations
            </Link>
          ) : null}
        </p>
      ) : preparing ? (
        <p role="status" className="text-sm text-muted-foreground">
          {preparing}
        </p>
      ) : status ? (
        <p
          role="status"
          className={status.failed ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
        >
          {status.text}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {source
            ? 'Transcribe the selected clip, or the whole timeline, to add its words as captions'
            : 'Select a clip with sound from your library, or transcribe the whole timeline'}
          {/* With both keys the choice above says who transcribes; otherwise this line does. */}
          {saved.length > 1 ? '.' : `, with your ${providerLabel} key.`}
        </p>
      )}
      <CaptionStylePicker />
    </section>
  );
}

/** Each provider as the choice names it: the model that gives word times, and OpenAI's smaller file limit. */
const PROVIDER_LABELS: Record<TranscriptionProvider, string> = {
  elevenlabs: 'ElevenLabs (Scribe)',
  openai: 'OpenAI (Whisper, 25 MB at most)',
};

function transcribeHint(
  clip: Clip | undefined,
  source: string | undefined,
  providerLabel: string,
): string {
  if (source) return `Transcribe its speech into captions with your ${providerLabel} key`;
  if (!clip) return 'Select a clip with sound';
  return hasSound(clip)
    ? 'Only files from your library can be transcribed'
    : 'This clip has no sound';
}

function statusLine(
  status: string,
  progress: number,
  statusText: string,
  error: string | undefined,
  clipName: string,
  cues: number,
): { text: string; failed: boolean } {
  if (status === 'failed' || status === 'cancelled')
    return { text: error || 'Failed to transcribe', failed: true };
  if (status === 'succeeded')
    return {
      text: `Transcribed ${clipName}: ${cues} caption${cues === 1 ? '' : 's'} on the caption track.`,
      failed: false,
    };
  return {
    text: `${statusText || 'Transcribing'} ${clipName}... ${Math.round(progress)}%`,
    failed: false,
  };
}

/** The selected caption cue's words, each editable (an emptied word is removed). */
export function CaptionWords({ clip }: { clip: Clip }) {
  const edit = useSetAtom(editCaptionWordAtom);
  const item = clip.item;
  if (!isCaption(item)) return null;
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm">Words</legend>
      <div className="flex flex-wrap gap-1">
        {item.settings.words.map((w, i) => (
          <Input
            key={`${i}-${w.start}`}
            aria-label={`Word ${i + 1} at ${w.start.toFixed(2)} s`}
            defaultValue={w.text}
            maxLength={100}
            onBlur={(e) => edit(item.id, i, e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
            }}
            className="h-8 w-auto min-w-0 px-2"
            style={{ width: `calc(${Math.max(2, w.text.length + 1)}ch + 1.25rem)` }}
          />
        ))}
      </div>
    </fieldset>
  );
}

const PRESET_LABELS: Record<CaptionStyle['preset'], string> = {
  box: 'Box, word highlighted',
  karaoke: 'Karaoke, bold outline',
  subtitle: 'Plain subtitle',
};
const POSITION_LABELS: Record<CaptionStyle['position'], string> = {
  top: 'Top',
  middle: 'Middle',
  bottom: 'Bottom',
};
const SIZE_LABELS: Record<CaptionStyle['size'], string> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
};

/** The caption track's look: every cue shares it; each change is one undo step. */
export function CaptionStylePicker() {
  const style = useAtomValue(captionStyleAtom);
  const setStyle = useSetAtom(setCaptionStyleAtom);
  const id = useId();
  return (
    <fieldset className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-[2fr_1fr_1fr]">
      <legend className="mb-1 text-sm">Caption style</legend>
      <StyleSelect
        id={`${id}-preset`}
        label="Look"
        value={style.preset}
        options={CAPTION_PRESETS}
        labels={PRESET_LABELS}
        onChange={(preset) => setStyle({ preset })}
      />
      <StyleSelect
        id={`${id}-position`}
        label="Position"
        value={style.position}
        options={CAPTION_POSITIONS}
        labels={POSITION_LABELS}
        onChange={(position) => setStyle({ position })}
      />
      <StyleSelect
        id={`${id}-size`}
        label="Size"
        value={style.size}
        options={CAPTION_SIZES}
        labels={SIZE_LABELS}
        onChange={(size) => setStyle({ size })}
      />
    </fieldset>
  );
}

/** One labelled choice of the caption style (a native select: keyboard and phone pickers for free). */
function StyleSelect<T extends string>({
  id,
  label,
  value,
  options,
  labels,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        className="h-9"
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
