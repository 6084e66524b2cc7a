import { useAtomValue, useSetAtom } from 'jotai';
import { Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CLIP_DURATION } from '@core/constants';
import type { TimelineItem } from '@core/editor/model';
import { Button } from '@core/ui/button';
import {
  itemsAtom,
  jumpToEndAtom,
  pauseAtom,
  playAtom,
  playbackAtom,
  playbackRateAtom,
  playheadFrameAtom,
  restartAtom,
  seekAtom,
  settingsAtom,
  tickAtom,
  timelineAtom,
  totalDurationAtom,
} from '../atoms';
import { formatTimecode, timelineLength } from '../model/tracks';
import { volumeGainAt } from '../model/keyframes';
import { drawFrame } from '../render/draw-frame';
import {
  activeVisualsAt,
  dbToGain,
  soundSpan,
  spanGainAt,
  sourceTime,
  trackAudible,
  transitions,
  type FrameSource,
  type MediaItem,
} from '../render/scene';

/** The preview canvas's longer side: sharp on a large screen, cheap to repaint every frame. */
const PREVIEW_MAX_SIDE = 1280;

type MediaElement = HTMLImageElement | HTMLVideoElement | HTMLAudioElement;

/**
 * Which hidden element plays a clip: one per type and URL, and a second video element for the right clip
 * of a transition between two parts of one file (a split), which plays at another time than the left one.
 */
function elementKey(items: readonly TimelineItem[], item: TimelineItem): string {
  const url = 'url' in item.settings ? item.settings.url : '';
  if (
    item.type === 'video' &&
    transitions(items).some(
      (tr) => tr.to === item && tr.from.type === 'video' && tr.from.settings.url === url,
    )
  )
    return `video-b|${url}`;
  return `${item.type}|${url}`;
}

/**
 * Keeps one hidden element per media URL (images, videos, audio), loaded with CORS so the canvas stays
 * readable, and calls `onChange` when one has something new to show.
 */
function useMediaElements(
  items: readonly TimelineItem[],
  onChange: () => void,
): Map<string, MediaElement> {
  const [elements] = useState(() => new Map<string, MediaElement>());
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const wanted = items.filter((i) => i.type !== 'title').map((i) => elementKey(items, i));
  const key = [...new Set(wanted)].sort().join('\n');
  useEffect(() => {
    const keep = new Set(key ? key.split('\n') : []);
    for (const [k, el] of elements) {
      if (keep.has(k)) continue;
      if (!(el instanceof HTMLImageElement)) el.pause();
      el.removeAttribute('src');
      elements.delete(k);
    }
    for (const k of keep) {
      if (elements.has(k)) continue;
      const [type, url] = k.split('|') as [string, string];
      const notify = () => latest.current();
      let el: MediaElement;
      if (type === 'image') {
        el = new Image();
        el.addEventListener('load', notify);
      } else {
        el = document.createElement(type === 'audio' ? 'audio' : 'video');
        el.preload = 'auto';
        if (el instanceof HTMLVideoElement) {
          el.muted = true;
          el.playsInline = true;
        }
        el.addEventListener('loadeddata', notify);
        el.addEventListener('seeked', notify);
      }
      el.crossOrigin = 'anonymous';
      el.src = url;
      elements.set(k, el);
    }
  }, [key, elements]);
  useEffect(
    () => () => {
      for (const el of elements.values()) if (!(el instanceof HTMLImageElement)) el.pause();
    },
    [elements],
  );
  return elements;
}

/**
 * Syncs a media element to the timeline: seek when it drifts, play while the timeline plays. `speed` is
 * the clip's own speed: the element plays at the timeline's rate times it, with its pitch kept.
 */
function syncMedia(
  el: HTMLMediaElement,
  local: number,
  playing: boolean,
  rate = 1,
  speed = 1,
): void {
  // Shuttle (J/L): forwards the element plays at the timeline's speed; backwards it is paused and seeked.
  // preservesPitch is on by default in browsers; set so that a 2x clip never sounds an octave up.
  if (!el.preservesPitch) el.preservesPitch = true;
  const r = rate * speed;
  if (rate > 0 && el.playbackRate !== r) el.playbackRate = r;
  if (rate < 0) playing = false;
  if (el.readyState >= 1 && Math.abs(el.currentTime - local) > 0.25) el.currentTime = local;
  if (playing && el.paused) void el.play().catch(() => undefined);
  if (!playing && !el.paused) el.pause();
}

export function PreviewPlayer() {
  const items = useAtomValue(itemsAtom);
  const settings = useAtomValue(settingsAtom);
  const { time, playing } = useAtomValue(playbackAtom);
  const rate = useAtomValue(playbackRateAtom);
  const total = useAtomValue(totalDurationAtom);
  // The readout in the timeline's own timecode (mm:ss:frames, model/tracks.ts), so the two never disagree.
  const playheadFrame = useAtomValue(playheadFrameAtom);
  const lengthFrames = timelineLength(useAtomValue(timelineAtom));
  const seek = useSetAtom(seekAtom);
  const play = useSetAtom(playAtom);
  const pause = useSetAtom(pauseAtom);
  const restart = useSetAtom(restartAtom);
  const jumpToEnd = useSetAtom(jumpToEndAtom);
  const tick = useSetAtom(tickAtom);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [loadedVersion, setLoadedVersion] = useState(0);
  const elements = useMediaElements(items, () => setLoadedVersion((n) => n + 1));

  // Playback advances by elapsed real time, one animation frame at a time.
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      tick((now - last) / 1000);
      last = now;
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, tick]);

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    const media: FrameSource = {
      frameFor(item: MediaItem, local: number) {
        const el = elements.get(elementKey(items, item));
        if (!el) return null;
        if (el instanceof HTMLImageElement) return el.complete && el.naturalWidth > 0 ? el : null;
        if (el instanceof HTMLVideoElement) {
          // A clip's own sound plays along unless it is muted (the render mixes it the same way).
          el.muted =
            (item.type === 'video' && item.settings.muted === true) ||
            !trackAudible(item, settings.trackMix);
          // Fades, volume keyframes and a transition's crossfade ramp the gain exactly as the export mixes them.
          el.volume = Math.min(
            1,
            dbToGain(item.gain_db) *
              volumeGainAt(item, time, settings.fps) *
              spanGainAt(soundSpan(items, item), time),
          );
          syncMedia(el, local, playing, rate, item.speed);
          return el.readyState >= 2 ? el : null;
        }
        return null;
      },
    };
    // The same painter as the export, on a canvas no bigger than the preview needs (titles scale with it).
    drawFrame(
      ctx,
      {
        width: ctx.canvas.width,
        height: ctx.canvas.height,
        items,
        fps: settings.fps,
        captionStyle: settings.captionStyle,
      },
      time,
      media,
    );
    // Videos not on screen and audio clips out of range stay paused (now that videos have sound);
    // audio in range plays along. Clips sharing a file share an element: in range anywhere wins.
    // A video in a transition shows (and is heard) past its end or before its start.
    const inRangeKeys = new Set(
      activeVisualsAt(items, time).flatMap((i) =>
        i.type === 'video' ? [elementKey(items, i)] : [],
      ),
    );
    for (const item of items) {
      if (item.type !== 'video' && item.type !== 'audio') continue;
      const key = elementKey(items, item);
      const el = elements.get(key);
      if (!el || el instanceof HTMLImageElement) continue;
      if (time >= item.start_time && time < item.start_time + item.duration) {
        inRangeKeys.add(key);
        if (item.type === 'audio') {
          // The element can only turn down: gain above 0 dB is heard in the export, not louder here.
          el.muted = !trackAudible(item, settings.trackMix);
          el.volume = Math.min(
            1,
            item.settings.volume *
              dbToGain(item.gain_db) *
              volumeGainAt(item, time, settings.fps) *
              spanGainAt(soundSpan(items, item), time),
          );
          syncMedia(el, sourceTime(item, time), playing, rate, item.speed);
        }
      }
    }
    for (const [key, el] of elements)
      if (!inRangeKeys.has(key) && !(el instanceof HTMLImageElement) && !el.paused) el.pause();
  }, [items, settings, time, playing, rate, elements, loadedVersion]);

  const scale = Math.min(
    1,
    PREVIEW_MAX_SIDE / Math.max(settings.resolution.width, settings.resolution.height),
  );
  const width = Math.round(settings.resolution.width * scale);
  const height = Math.round(settings.resolution.height * scale);
  const empty = items.length === 0;
  return (
    <section aria-label="Preview" className="space-y-3">
      <div className="flex justify-center rounded-xl border bg-black/90 p-2">
        <canvas
          ref={canvasRef}
          width={width}
          height={height}
          role="img"
          aria-label={
            empty
              ? 'Preview: add clips to see your video'
              : `Preview at ${formatTimecode(playheadFrame, settings.fps)}`
          }
          className="max-h-[50vh] w-auto max-w-full rounded-md bg-black"
          style={{ aspectRatio: `${width} / ${height}` }}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          onClick={restart}
          aria-label="Restart"
          title="Restart"
          disabled={empty}
        >
          <SkipBack aria-hidden="true" />
        </Button>
        <Button
          size="icon"
          onClick={() => (playing ? pause() : play())}
          aria-label={playing ? 'Pause' : 'Play'}
          title={playing ? 'Pause' : 'Play'}
          disabled={empty}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </Button>
        <Button
          variant="outline"
          size="icon"
          onClick={jumpToEnd}
          aria-label="Jump to end"
          title="Jump to end"
          disabled={empty}
        >
          <SkipForward aria-hidden="true" />
        </Button>
        <input
          type="range"
          aria-label="Seek"
          min={0}
          max={Math.max(total, 0)}
          step={CLIP_DURATION.step}
          value={Math.min(time, total)}
          onChange={(e) => seek(Number(e.target.value))}
          disabled={empty}
          className="h-2 min-w-32 flex-1 cursor-pointer accent-primary"
        />
        {/* J/L shuttle: how fast and which way, while it plays at other than normal speed. */}
        {playing && rate !== 1 ? (
          <output
            aria-label="Shuttle speed"
            className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs whitespace-nowrap tabular-nums"
          >
            {Math.abs(rate)}× {rate < 0 ? 'backwards' : 'forwards'}
          </output>
        ) : null}
        <output
          aria-label="Current time"
          className="w-36 text-right font-mono text-sm tabular-nums"
        >
          {formatTimecode(playheadFrame, settings.fps)} /{' '}
          {formatTimecode(lengthFrames, settings.fps)}
        </output>
      </div>
    </section>
  );
}
