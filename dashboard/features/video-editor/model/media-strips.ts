// Pure kernels behind the timeline's waveforms and filmstrips (drawn by components/clip-strips.tsx, made by
// media/clip-media.worker.ts): peak reduction of decoded sound, the slice of a source's peaks a clip shows
// (its in and out points), the SVG path of a waveform, the volume line, and which filmstrip thumbnails a
// clip needs at a zoom.

/** Peaks kept per second of source: enough for one column per pixel up to 100 px a second. */
export const PEAKS_PER_SECOND = 100;

/**
 * Reduces decoded sound to peaks: the largest absolute sample of any channel in each 1/perSecond s bucket.
 * Fed chunk by chunk as a decoder yields them (`push`), so a long file is never held whole.
 */
export class PeakReducer {
  private readonly out: number[] = [];
  private frames = 0;

  constructor(
    private readonly sampleRate: number,
    private readonly perSecond = PEAKS_PER_SECOND,
  ) {}

  /** Planar channels of one chunk, all of the same length. */
  push(channels: readonly Float32Array[]): void {
    const n = channels[0]?.length ?? 0;
    for (let i = 0; i < n; i++) {
      const bucket = Math.floor(((this.frames + i) * this.perSecond) / this.sampleRate);
      let m = 0;
      for (const ch of channels) {
        const v = Math.abs(ch[i]!);
        if (v > m) m = v;
      }
      while (this.out.length <= bucket) this.out.push(0);
      if (m > this.out[bucket]!) this.out[bucket] = Math.min(1, m);
    }
    this.frames += n;
  }

  result(): Float32Array {
    return Float32Array.from(this.out);
  }
}

export function reducePeaks(
  channels: readonly Float32Array[],
  sampleRate: number,
  perSecond = PEAKS_PER_SECOND,
): Float32Array {
  const r = new PeakReducer(sampleRate, perSecond);
  r.push(channels);
  return r.result();
}

/**
 * The peaks a clip shows in `columns` columns: the source from `inSec` for `durSec`, each column the largest
 * peak of the buckets it covers (at least the bucket it starts in). Past the source's end is silence.
 */
export function clipPeaks(
  peaks: ArrayLike<number>,
  perSecond: number,
  inSec: number,
  durSec: number,
  columns: number,
): number[] {
  const cols = Math.max(0, Math.floor(columns));
  const out: number[] = new Array<number>(cols).fill(0);
  for (let j = 0; j < cols; j++) {
    const from = Math.floor((inSec + (j * durSec) / cols) * perSecond);
    const to = Math.max(from + 1, Math.floor((inSec + ((j + 1) * durSec) / cols) * perSecond));
    let m = 0;
    for (let b = Math.max(0, from); b < Math.min(to, peaks.length); b++)
      if (peaks[b]! > m) m = peaks[b]!;
    out[j] = m;
  }
  return out;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A closed SVG path of a waveform mirrored about the middle of a `width` x `height` box: one column per
 * value, each as tall as the value times `scale` (capped at the box). Empty when there is nothing to draw.
 */
export function waveformPath(
  values: readonly number[],
  width: number,
  height: number,
  scale = 1,
): string {
  if (values.length === 0 || width <= 0 || height <= 0) return '';
  const mid = height / 2;
  const step = width / values.length;
  const amp = values.map((v) => Math.max(0.5, Math.min(1, v * scale) * mid));
  const top = amp.map((a, j) => `L${r1(j * step)} ${r1(mid - a)}H${r1((j + 1) * step)}`).join('');
  let bottom = '';
  for (let j = amp.length - 1; j >= 0; j--)
    bottom += `L${r1((j + 1) * step)} ${r1(mid + amp[j]!)}H${r1(j * step)}`;
  return `M0 ${r1(mid)}${top}${bottom}Z`;
}

export const GAIN_MIN_DB = -60;
export const GAIN_MAX_DB = 12;

/** Where a gain sits in a box `height` tall: the bottom at -60 dB, the top at +12 dB. */
export function gainY(db: number, height: number): number {
  const clamped = Math.min(GAIN_MAX_DB, Math.max(GAIN_MIN_DB, db));
  return r1(height * (1 - (clamped - GAIN_MIN_DB) / (GAIN_MAX_DB - GAIN_MIN_DB)));
}

/** The gain a y in that box stands for (the inverse of gainY), to a tenth of a dB. */
export function yToGain(y: number, height: number): number {
  const t = 1 - Math.min(height, Math.max(0, y)) / height;
  return Math.round((GAIN_MIN_DB + t * (GAIN_MAX_DB - GAIN_MIN_DB)) * 10) / 10;
}

/**
 * The volume line over a clip `width` px wide: level at its gain, falling to the bottom over the fade-in at
 * the start and the fade-out at the end (both in px, each at most the clip's width).
 */
export function volumeLinePoints(
  width: number,
  height: number,
  db: number,
  fadeInPx = 0,
  fadeOutPx = 0,
): string {
  const y = gainY(db, height);
  const fi = Math.min(width, Math.max(0, fadeInPx));
  const fo = Math.min(width - fi, Math.max(0, fadeOutPx));
  const pts: [number, number][] = [];
  pts.push(fi > 0 ? [0, height] : [0, y]);
  if (fi > 0) pts.push([fi, y]);
  if (fo > 0) pts.push([width - fo, y], [width, height]);
  else pts.push([width, y]);
  return pts.map(([x, yy]) => `${r1(x)},${r1(yy)}`).join(' ');
}

export interface ThumbSlot {
  /** The source frame shown (at the timeline's rate). */
  frame: number;
  /** Left edge in px from the clip's left edge (negative when it starts before the in-point). */
  x: number;
  /** Width in px. */
  width: number;
}

/**
 * The filmstrip of a clip at `pxPerFrame`: thumbnails on a grid of source frames, every `step` frames where
 * `step` is the smallest power of two whose width is at least `thumbWidth` px, so a zoom between two steps
 * and every trim reuse the same frames, and a trim slides the strip with the source instead of redrawing it.
 * Only slots that overlap `visible` (px from the clip's left edge) are returned, at most `max`.
 */
export function filmstripPlan(
  clip: { in: number; length: number },
  pxPerFrame: number,
  thumbWidth: number,
  visible: { from: number; to: number } = { from: 0, to: Infinity },
  max = 200,
): { step: number; slots: ThumbSlot[] } {
  let step = 1;
  while (step * pxPerFrame < thumbWidth && step < 2 ** 30) step *= 2;
  const w = step * pxPerFrame;
  const clipW = clip.length * pxPerFrame;
  const from = Math.max(0, visible.from);
  const to = Math.min(clipW, visible.to);
  const slots: ThumbSlot[] = [];
  if (to <= from) return { step, slots };
  // Slot k shows source frame k*step at x = (k*step - in) * pxPerFrame.
  const first = Math.floor((clip.in + from / pxPerFrame) / step);
  for (let k = first; slots.length < max; k++) {
    const x = (k * step - clip.in) * pxPerFrame;
    if (x >= to) break;
    if (x + w > from) slots.push({ frame: k * step, x, width: w });
  }
  return { step, slots };
}
