import { run, runStderr } from './harness';

// Native ffprobe/ffmpeg readings of a rendered file.

export interface Probe {
  formatName: string;
  majorBrand: string | undefined;
  durationSec: number;
  video: { codec: string; width: number; height: number; frames: number } | null;
  audio: { codec: string; sampleRate: number; channels: number } | null;
  title: string | undefined;
}

interface FfprobeJson {
  format: { format_name: string; duration: string; tags?: Record<string, string> };
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    nb_read_frames?: string;
    sample_rate?: string;
    channels?: number;
  }[];
}

export async function probe(file: string): Promise<Probe> {
  const out = await run('ffprobe', [
    '-v',
    'error',
    '-count_frames',
    '-show_format',
    '-show_streams',
    '-of',
    'json',
    file,
  ]);
  const j = JSON.parse(out.toString()) as FfprobeJson;
  const v = j.streams.find((s) => s.codec_type === 'video');
  const a = j.streams.find((s) => s.codec_type === 'audio');
  const tags = Object.fromEntries(
    Object.entries(j.format.tags ?? {}).map(([k, val]) => [k.toLowerCase(), val]),
  );
  return {
    formatName: j.format.format_name,
    majorBrand: tags.major_brand,
    durationSec: Number(j.format.duration),
    video: v
      ? {
          codec: v.codec_name,
          width: v.width!,
          height: v.height!,
          frames: Number(v.nb_read_frames),
        }
      : null,
    audio: a
      ? { codec: a.codec_name, sampleRate: Number(a.sample_rate), channels: a.channels! }
      : null,
    title: tags.title,
  };
}

/** The frame shown at time t as packed RGB. */
export async function frameAt(
  file: string,
  t: number,
  width: number,
  height: number,
): Promise<(x: number, y: number) => [number, number, number]> {
  const raw = await run('ffmpeg', [
    '-v',
    'error',
    '-i',
    file,
    '-ss',
    String(t),
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-',
  ]);
  if (raw.length !== width * height * 3)
    throw new Error(`Expected ${width}x${height} RGB, got ${raw.length} bytes`);
  return (x, y) => {
    const o = (y * width + x) * 3;
    return [raw[o]!, raw[o + 1]!, raw[o + 2]!];
  };
}

/** RMS of the mixed-down audio between from and to seconds. */
export async function audioRms(file: string, from: number, to: number): Promise<number> {
  const raw = await run('ffmpeg', [
    '-v',
    'error',
    '-i',
    file,
    '-ss',
    String(from),
    '-t',
    String(to - from),
    '-map',
    '0:a:0',
    '-ac',
    '1',
    '-ar',
    '8000',
    '-f',
    'f32le',
    '-',
  ]);
  const samples = new Float32Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 4));
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

/** ffmpeg volumedetect's mean volume (dBFS) between from and to seconds; -91 dB is digital silence. */
export async function meanVolumeDb(file: string, from: number, to: number): Promise<number> {
  const log = await runStderr('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-i',
    file,
    '-ss',
    String(from),
    '-t',
    String(to - from),
    '-map',
    '0:a:0',
    '-af',
    'volumedetect',
    '-f',
    'null',
    '-',
  ]);
  const m = /mean_volume:\s*(-?[\d.]+|-inf) dB/.exec(log);
  if (!m) throw new Error(`No volumedetect reading in:\n${log.slice(-1000)}`);
  return m[1] === '-inf' ? -Infinity : Number(m[1]);
}
