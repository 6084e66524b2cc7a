import type { TransitionKind, VideoFormat, VideoQuality } from '@core/editor/model';
import {
  AAC_BITRATE,
  AUDIO_CHANNELS,
  AUDIO_SAMPLE_RATE,
  OPUS_BITRATE,
  PRORES_PROFILE,
  videoBitrate,
  VP8_CRF,
  X264_CRF,
} from './encoding';

// Pure ffmpeg command-line builders (no I/O): the ffmpeg.wasm engine and the native bench use the same.

/**
 * A layer over a run's base: a transparent PNG of still layers (images, titles drawn by drawFrame without
 * its black background) or a video clip from `startSec` into its file, fitted like drawFrame's contain.
 */
export type OverlayLayer =
  | { kind: 'still'; file: string }
  | { kind: 'video'; file: string; startSec?: number; speed?: number; move?: LayerMove };

/** Points of a keyframed value at seconds from the run's start, straight lines between them. */
export type LayerPath = readonly { t: number; gain: number }[];

/**
 * A video layer moved, scaled, turned or faded by keyframes, as drawFrame transforms a picture: each
 * property's values at seconds from the run's start, straight lines between the points (one a frame where
 * the path bends); a property without keyframes is absent. x and y: the offset of its centre in output
 * pixels (overlay's per-frame x and y); scale: a factor about the frame's centre (scale with eval=frame);
 * rotation: degrees clockwise about the frame's centre (rotate); opacity: 0..1 (colorchannelmixer's alpha,
 * set every frame by sendcmd).
 */
export interface LayerMove {
  x?: LayerPath;
  y?: LayerPath;
  scale?: LayerPath;
  rotation?: LayerPath;
  opacity?: LayerPath;
}

/**
 * One run of frames of the visual track: its bottom layer (a still: a PNG drawn by drawFrame, decoded
 * once; or a video clip from `startSec` into its file) and the layers over it, bottom up.
 */
export type VideoRun = (
  | { kind: 'still'; file: string; frames: number }
  /** `speed` (absent = 1): frame t of the run shows the file at startSec + t * speed. */
  | { kind: 'video'; file: string; frames: number; startSec?: number; speed?: number }
  /** Whole frames drawn one by one by drawFrame (a picture moving by keyframes): an image2 pattern of PNGs, one a frame. */
  | { kind: 'frames'; file: string; frames: number }
) & {
  overlays?: readonly OverlayLayer[];
  /** The run is part of a transition from its base to `to` (ffmpeg's xfade); overlays go over the mix. */
  transition?: RunTransition;
};

/** ffmpeg xfade transitions for the editor's kinds (core/editor/transitions.ts). */
export const XFADE: Record<TransitionKind, string> = {
  crossfade: 'fade',
  'dip-black': 'fadeblack',
  'dip-white': 'fadewhite',
  'slide-left': 'slideleft',
  'wipe-left': 'wipeleft',
};

/**
 * A run inside a transition of `frames` frames, `intoFrames` of which came before the run. The base and
 * `to` both start `intoFrames` early (`startSec` is where `to` is at the run's first frame), are mixed over
 * the whole transition and the run's part is cut out, so a transition split into several runs stays one mix.
 */
export interface RunTransition {
  kind: TransitionKind;
  frames: number;
  intoFrames: number;
  to:
    | { kind: 'still'; file: string }
    | { kind: 'video'; file: string; startSec?: number; speed?: number };
}

export interface AudioClipInput {
  file: string;
  startSec: number;
  durationSec: number;
  /** Gain factor. */
  volume: number;
  /** Seconds into the file where the clip starts (its in-point); absent = 0. */
  offsetSec?: number;
  /** Playback speed (absent = 1): `durationSec * speed` seconds of the file are time-stretched into `durationSec`, pitch kept. */
  speed?: number;
  /** Linear fades from and to silence at the clip's start and end, in seconds. */
  fadeInSec?: number;
  fadeOutSec?: number;
  /** Volume keyframes: gain points in seconds from the clip's start, straight lines between (model/keyframes.ts `volumeEnvelope`). */
  envelope?: readonly { t: number; gain: number }[];
}

export interface RenderArgsPlan {
  width: number;
  height: number;
  fps: number;
  format: VideoFormat;
  quality: VideoQuality;
  runs: readonly VideoRun[];
  audio: readonly AudioClipInput[];
  output: string;
  /** Encoder threads; the single-thread wasm core needs 1, native ffmpeg and core-mt more. */
  threads?: number;
  /** Stored as the file's title tag. */
  title?: string;
  /** x264 preset: veryfast by default (native: the measured sweet spot of speed and size). */
  x264Preset?: string;
}

const num = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** Pixel format of the encoded video: 4:2:0 for H.264 and VP8, 10-bit 4:2:2 for ProRes. */
export const pixelFormat = (format: VideoFormat) => (format === 'mov' ? 'yuv422p10le' : 'yuv420p');

/**
 * Timestamps from the seek point on, divided by the clip's speed: the fps filter after it then samples
 * the source at startSec + t * speed (a 2x clip shows every other frame of a 30 fps source at 30 fps).
 */
const speedPts = (speed: number | undefined) =>
  speed && speed !== 1 ? `setpts=(PTS-STARTPTS)/${num(speed)}` : 'setpts=PTS-STARTPTS';

/**
 * ffmpeg's atempo filters that change the tempo by `speed` with the pitch kept: one atempo takes 0.5..2
 * (ffmpeg's own docs chain it beyond), so 4x is atempo=2,atempo=2 and 0.25x atempo=0.5,atempo=0.5; an
 * empty string at 1.
 */
export function atempoChain(speed: number | undefined): string {
  if (!speed || speed === 1) return '';
  const parts: string[] = [];
  let left = speed;
  while (left > 2 + 1e-9) {
    parts.push('atempo=2');
    left /= 2;
  }
  while (left < 0.5 - 1e-9) {
    parts.push('atempo=0.5');
    left /= 0.5;
  }
  if (Math.abs(left - 1) > 1e-9) parts.push(`atempo=${num(left)}`);
  return parts.join(',');
}

/**
 * Filter chain that turns input `index` into exactly `frames` frames of width x height at fps in
 * `pixFmt`, starting at pts 0.
 */
export function runFilter(
  run: VideoRun,
  index: number,
  width: number,
  height: number,
  fps: number,
  label: string,
  pixFmt = 'yuv420p',
): string {
  // One PNG per frame, in order: frame N of the run is picture N, whatever rate the image2 demuxer assumes.
  if (run.kind === 'frames')
    return `[${index}:v]format=${pixFmt},settb=1/${fps},setpts=N,setsar=1,trim=end_frame=${run.frames}[${label}]`;
  if (run.kind === 'still') {
    // Converted to the output pixel format before the loop, so once per still rather than per frame
    // (swscale without SIMD is a large share of the wasm time).
    // One decoded picture repeated: loop=N adds N copies (the notes: decode each still once). Time base
    // 1/fps and pts = frame number: in the image's own 1/25 time base, 1/30 steps would round together.
    return `[${index}:v]format=${pixFmt},loop=loop=${run.frames - 1}:size=1:start=0,settb=1/${fps},setpts=N,setsar=1[${label}]`;
  }
  // Source frames resampled to fps, fitted inside the frame (contain, black bars, like drawFrame),
  // the last frame held when the source is shorter than the clip, cut at the clip's length.
  const seek = run.startSec ? `trim=start=${num(run.startSec)},` : '';
  return (
    `[${index}:v]${seek}${speedPts(run.speed)},fps=${fps},` +
    `scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
    `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,` +
    `tpad=stop=-1:stop_mode=clone,trim=end_frame=${run.frames},settb=1/${fps},setpts=N[${label}]`
  );
}

/**
 * Filter chain that turns overlay input `index` into `frames` RGBA frames of width x height with
 * transparency where the layer draws nothing: a still repeated, or a video fitted inside the frame (the
 * rest transparent), its last frame held.
 */
export function overlayLayerFilter(
  layer: OverlayLayer,
  index: number,
  width: number,
  height: number,
  fps: number,
  frames: number,
  label: string,
): string {
  if (layer.kind === 'still')
    return `[${index}:v]format=rgba,loop=loop=${frames - 1}:size=1:start=0,settb=1/${fps},setpts=N[${label}]`;
  const seek = layer.startSec ? `trim=start=${num(layer.startSec)},` : '';
  return (
    `[${index}:v]${seek}${speedPts(layer.speed)},fps=${fps},` +
    `scale=${width}:${height}:force_original_aspect_ratio=decrease,format=rgba,` +
    `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black@0,setsar=1,` +
    `tpad=stop=-1:stop_mode=clone,trim=end_frame=${frames},settb=1/${fps},setpts=N` +
    `${layer.move ? layerTransformFilters(layer.move, width, height, label) : ''}[${label}]`
  );
}

/**
 * Filters (each after a comma) that fade, turn and scale a video layer of width x height by its keyframes,
 * in drawFrame's order: the alpha times the opacity (colorchannelmixer's aa, which takes no expression, so
 * sendcmd sets it from an expression of the frame's time T before each frame; `\\,` keeps the
 * expression's commas through the graph's and sendcmd's parsers); then the layer turned about its centre
 * onto a square as wide as the frame's diagonal, so no corner is cut (rotate, angle in radians at t, the
 * rest transparent); then the whole scaled about its centre (scale with eval=frame, so its size follows t;
 * at least 1 pixel). overlayPosition centres the result on the frame's centre plus the offset.
 * `t`/`T` are seconds from the run's start (the layer's pts are its frame numbers in 1/fps).
 */
export function layerTransformFilters(
  move: LayerMove,
  width: number,
  height: number,
  label: string,
): string {
  let out = '';
  if (move.opacity?.length) {
    const id = `colorchannelmixer@${label}a`;
    out += `,sendcmd=c='0 [expr] ${id} aa ${envelopeExpression(move.opacity, 'T').replace(/,/g, '\\\\,')}',${id}=aa=1`;
  }
  let side = { w: width, h: height };
  if (move.rotation?.length) {
    // Even, so the frame sits on whole pixels in the middle of the square; the rest is filled transparent
    // (a third faster than padding the layer first and filling nothing).
    const d = 2 * Math.ceil(Math.hypot(width, height) / 2);
    side = { w: d, h: d };
    out += `,rotate=a='(${envelopeExpression(move.rotation)})*PI/180':ow=${d}:oh=${d}:fillcolor=black@0`;
  }
  if (move.scale?.length) {
    const s = envelopeExpression(move.scale);
    out += `,scale=w='max(1,round(${side.w}*(${s})))':h='max(1,round(${side.h}*(${s})))':eval=frame`;
  }
  return out;
}

/**
 * A piecewise-linear gain in t (seconds) through the points, for ffmpeg's volume filter: the first gain,
 * plus each segment's rise over its span (clip() keeps it 0 before and whole after), so no nested ifs.
 * `time` names the filter's time variable (sendcmd's is T).
 */
export function envelopeExpression(
  points: readonly { t: number; gain: number }[],
  time = 't',
): string {
  let expr = num(points[0]!.gain);
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const rise = b.gain - a.gain;
    if (rise === 0) continue;
    const span = Math.max(1e-6, b.t - a.t);
    expr += `${rise < 0 ? '-' : '+'}${num(Math.abs(rise))}*clip((${time}-(${num(a.t)}))/${num(span)},0,1)`;
  }
  return expr;
}

/** Audio clips delayed to their start, trimmed to their duration, scaled by their volume, faded, summed, padded to the render length. */
export function audioFilter(
  audio: readonly AudioClipInput[],
  firstInput: number,
  totalSec: number,
  label: string,
): string {
  const parts = audio.map((clip, i) => {
    const delayMs = Math.round(clip.startSec * 1000);
    // A clip at another speed reads `durationSec * speed` of its file and atempo stretches it to durationSec.
    const tempo = atempoChain(clip.speed);
    return (
      `[${firstInput + i}:a]atrim=${num(clip.offsetSec ?? 0)}:${num((clip.offsetSec ?? 0) + clip.durationSec * (clip.speed ?? 1))},asetpts=PTS-STARTPTS,` +
      `aresample=${AUDIO_SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo,` +
      (tempo ? `${tempo},` : '') +
      `volume=${num(clip.volume)},` +
      (clip.envelope?.length
        ? `volume=volume='${envelopeExpression(clip.envelope)}':eval=frame,`
        : '') +
      (clip.fadeInSec ? `afade=t=in:st=0:d=${num(clip.fadeInSec)},` : '') +
      (clip.fadeOutSec
        ? `afade=t=out:st=${num(clip.durationSec - clip.fadeOutSec)}:d=${num(clip.fadeOutSec)},`
        : '') +
      `adelay=${delayMs}|${delayMs}[a${i}]`
    );
  });
  const inputs = audio.map((_, i) => `[a${i}]`).join('');
  // normalize=0: clips add up like the preview's audio elements and OfflineAudioContext do.
  const mix =
    audio.length > 1
      ? `${inputs}amix=inputs=${audio.length}:duration=longest:normalize=0,`
      : `${inputs}`;
  return [
    ...parts,
    `${mix}${audio.length > 1 ? '' : 'anull,'}apad,atrim=0:${num(totalSec)}[${label}]`,
  ].join(';');
}

/**
 * Where overlay lays a layer: 0:0, or for a video moved by keyframes x and y as expressions of the frame's
 * time in the run (overlay evaluates them every frame; `t` is the base's, 0 at the run's first frame).
 */
export function overlayPosition(layer: OverlayLayer): string {
  if (layer.kind !== 'video' || !layer.move) return '0:0';
  const { x, y, scale, rotation } = layer.move;
  if (!scale?.length && !rotation?.length) {
    if (!x?.length && !y?.length) return '0:0';
    return `x='${x?.length ? envelopeExpression(x) : '0'}':y='${y?.length ? envelopeExpression(y) : '0'}'`;
  }
  // Scaled or turned, the layer is no longer the frame's size: its centre goes to the frame's centre
  // plus the offset (W, H: the frame; w, h: the layer at this frame).
  const off = (path: LayerPath | undefined) =>
    path?.length ? `+(${envelopeExpression(path)})` : '';
  return `x='(W-w)/2${off(x)}':y='(H-h)/2${off(y)}'`;
}

/** Encoder options; `bitrate` caps VP8 (its CRF mode needs a ceiling). */
export function videoCodecArgs(
  format: VideoFormat,
  quality: VideoQuality,
  opts: { bitrate: number; preset?: string },
): string[] {
  switch (format) {
    case 'mp4':
      return [
        '-c:v',
        'libx264',
        '-preset',
        opts.preset ?? 'veryfast',
        '-crf',
        String(X264_CRF[quality]),
        '-pix_fmt',
        'yuv420p',
        '-g',
        '60',
      ];
    case 'webm':
      return [
        '-c:v',
        'libvpx',
        '-crf',
        String(VP8_CRF[quality]),
        '-b:v',
        String(opts.bitrate),
        '-deadline',
        'good',
        '-cpu-used',
        '4',
        '-pix_fmt',
        'yuv420p',
        '-g',
        '60',
      ];
    case 'mov':
      // prores_aw, not prores_ks: the same Apple ProRes 422 bitstream, 3.5x faster in single-thread wasm
      // (720p: 2.9 s vs 10.1 s for 90 frames), at slightly larger files.
      return [
        '-c:v',
        'prores_aw',
        '-profile:v',
        String(PRORES_PROFILE[quality]),
        '-vendor',
        'apl0',
        '-pix_fmt',
        'yuv422p10le',
      ];
  }
}

export function audioCodecArgs(format: VideoFormat, quality: VideoQuality): string[] {
  switch (format) {
    case 'mp4':
      return ['-c:a', 'aac', '-b:a', String(AAC_BITRATE[quality])];
    case 'webm':
      // Vorbis, not Opus: the 0.12.10 core's libopus crashes on stereo ("memory access out of bounds").
      return ['-c:a', 'libvorbis', '-b:a', String(OPUS_BITRATE[quality] + 32_000)];
    case 'mov':
      return ['-c:a', 'pcm_s16le'];
  }
}

/** A transition run's base: its two clips over the whole transition, mixed by xfade, cut to the run. */
function transitionFilters(
  r: VideoRun,
  t: RunTransition,
  i: number,
  input: (file: string) => number,
  width: number,
  height: number,
  fps: number,
  label: string,
  pixFmt: string,
): string[] {
  const into = t.intoFrames;
  // Both clips as long as the whole transition, so xfade never runs out of either.
  const frames = Math.max(t.frames, into + r.frames);
  const early = (startSec: number | undefined, speed = 1) =>
    Math.max(0, (startSec ?? 0) - (into / fps) * speed);
  const from: VideoRun =
    r.kind === 'video'
      ? {
          kind: 'video',
          file: r.file,
          frames,
          startSec: early(r.startSec, r.speed),
          speed: r.speed,
        }
      : { kind: 'still', file: r.file, frames };
  const to: VideoRun =
    t.to.kind === 'video'
      ? {
          kind: 'video',
          file: t.to.file,
          frames,
          startSec: early(t.to.startSec, t.to.speed),
          speed: t.to.speed,
        }
      : { kind: 'still', file: t.to.file, frames };
  return [
    runFilter(from, input(from.file), width, height, fps, `v${i}x0`, pixFmt),
    runFilter(to, input(to.file), width, height, fps, `v${i}x1`, pixFmt),
    // xfade wants both inputs in one pixel format and frame rate (a still's link says 25 fps).
    `[v${i}x0]format=${pixFmt},fps=${fps}[v${i}y0]`,
    `[v${i}x1]format=${pixFmt},fps=${fps}[v${i}y1]`,
    `[v${i}y0][v${i}y1]xfade=transition=${XFADE[t.kind]}:duration=${num(t.frames / fps)}:offset=0,trim=start_frame=${into}:end_frame=${into + r.frames},settb=1/${fps},setpts=N[${label}]`,
  ];
}

const containerArgs = (format: VideoFormat) =>
  format === 'webm'
    ? ['-f', 'webm']
    : format === 'mov'
      ? ['-f', 'mov', '-movflags', '+faststart']
      : ['-f', 'mp4', '-movflags', '+faststart'];

/** The whole render in one ffmpeg run: runs concatenated, audio mixed, encoded for the format. */
export function buildRenderArgs(plan: RenderArgsPlan): string[] {
  const { width, height, fps, runs, audio } = plan;
  if (runs.length === 0) throw new Error('Nothing to render: the timeline has no frames');
  const totalFrames = runs.reduce((n, r) => n + r.frames, 0);
  const inputs: string[] = [];
  const input = (file: string) => inputs.push('-i', file) / 2 - 1;
  const pixFmt = pixelFormat(plan.format);
  // Each run: its base, then each overlay laid over it bottom up (as drawFrame paints the layers).
  const chains = runs.map((r, i) => {
    const overlays = r.overlays ?? [];
    const baseLabel = overlays.length ? `v${i}b` : `v${i}`;
    const parts = r.transition
      ? transitionFilters(r, r.transition, i, input, width, height, fps, baseLabel, pixFmt)
      : [runFilter(r, input(r.file), width, height, fps, baseLabel, pixFmt)];
    overlays.forEach((layer, k) => {
      parts.push(
        overlayLayerFilter(layer, input(layer.file), width, height, fps, r.frames, `v${i}o${k}`),
      );
      const under = k === 0 ? `v${i}b` : `v${i}b${k}`;
      const last = k === overlays.length - 1;
      parts.push(
        `[${under}][v${i}o${k}]overlay=${overlayPosition(layer)}:eof_action=repeat${last ? `,format=${pixFmt}` : ''}[${last ? `v${i}` : `v${i}b${k + 1}`}]`,
      );
    });
    return parts.join(';');
  });
  chains.push(
    `${runs.map((_, i) => `[v${i}]`).join('')}concat=n=${runs.length}:v=1:a=0,format=${pixFmt}[vout]`,
  );
  const firstAudio = inputs.length / 2;
  for (const a of audio) input(a.file);
  if (audio.length > 0) chains.push(audioFilter(audio, firstAudio, totalFrames / fps, 'aout'));
  return [
    '-nostdin',
    '-y',
    ...inputs,
    '-filter_complex',
    chains.join(';'),
    '-map',
    '[vout]',
    ...(audio.length > 0
      ? [
          '-map',
          '[aout]',
          ...audioCodecArgs(plan.format, plan.quality),
          '-ar',
          String(AUDIO_SAMPLE_RATE),
          '-ac',
          String(AUDIO_CHANNELS),
        ]
      : []),
    ...videoCodecArgs(plan.format, plan.quality, {
      bitrate: videoBitrate(plan.quality, width, height, fps),
      preset: plan.x264Preset,
    }),
    '-r',
    String(fps),
    '-frames:v',
    String(totalFrames),
    '-threads',
    String(plan.threads ?? 1),
    ...(plan.title ? ['-metadata', `title=${plan.title}`] : []),
    ...containerArgs(plan.format),
    plan.output,
  ];
}

/**
 * The sound track alone, encoded from a WAV into a file of the export's container (AAC in an mp4, Vorbis
 * in a webm), whose packets the WebCodecs export copies into its mux (webcodecs-engine.ts).
 */
export function buildAudioArgs(opts: {
  wav: string;
  format: VideoFormat;
  quality: VideoQuality;
  output: string;
}): string[] {
  return [
    '-nostdin',
    '-y',
    '-i',
    opts.wav,
    '-vn',
    ...audioCodecArgs(opts.format, opts.quality),
    '-threads',
    '1',
    '-f',
    opts.format === 'webm' ? 'webm' : 'mp4',
    opts.output,
  ];
}

/** Output time reached, from an ffmpeg log line ("... time=00:00:03.40 ..."), in seconds; null if none. */
export function parseFfmpegTime(line: string): number | null {
  const m = /time=\s*(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(line);
  if (!m) return null;
  // ffmpeg prints a small negative time before the first frame (encoder delay): that is 0.
  return m[1] ? 0 : Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
}
