import { SimpleFilter, SoundTouch } from 'soundtouchjs';

// A clip at another speed in the WebCodecs export's mix (audio.ts): OfflineAudioContext can only change a
// sound's rate with its pitch (AudioBufferSourceNode.playbackRate; preservesPitch belongs to media
// elements, which an offline context cannot render), so the clip's part of the decoded file is
// time-stretched first with SoundTouch's WSOLA (soundtouchjs), as ffmpeg's atempo does in the other export.

/**
 * `seconds * speed` seconds of `channels` (one or two, at `sampleRate`) from `offset` seconds, time-stretched
 * with the pitch kept into `seconds`: two channels of exactly `round(seconds * sampleRate)` samples.
 */
export function timeStretch(
  channels: readonly Float32Array[],
  sampleRate: number,
  offset: number,
  seconds: number,
  speed: number,
): [Float32Array<ArrayBuffer>, Float32Array<ArrayBuffer>] {
  const left = channels[0]!;
  const right = channels[1] ?? left;
  const from = Math.max(0, Math.round(offset * sampleRate));
  const end = Math.min(left.length, from + Math.round(seconds * speed * sampleRate));
  // Past the clip's part (and the file's end) the source reads silence, so SoundTouch's last windows are
  // flushed into the output instead of held back waiting for more input.
  const source = {
    extract(target: Float32Array, numFrames: number, position: number) {
      for (let i = 0; i < numFrames; i++) {
        const k = from + position + i;
        const inside = k < end;
        target[2 * i] = inside ? left[k]! : 0;
        target[2 * i + 1] = inside ? right[k]! : 0;
      }
      return numFrames;
    },
  };
  const st = new SoundTouch();
  // Its windows are in milliseconds of this rate (the library assumes 44.1 kHz): 0 = automatic, 8 ms overlap.
  st.stretch.setParameters(sampleRate, 0, 0, 8);
  st.tempo = speed;
  const filter = new SimpleFilter(source, st);
  const frames = Math.max(1, Math.round(seconds * sampleRate));
  const outL = new Float32Array(frames);
  const outR = new Float32Array(frames);
  const CHUNK = 8192;
  const chunk = new Float32Array(CHUNK * 2);
  let done = 0;
  while (done < frames) {
    const n = filter.extract(chunk, Math.min(CHUNK, frames - done));
    if (n === 0) break;
    for (let i = 0; i < n; i++) {
      outL[done + i] = chunk[2 * i]!;
      outR[done + i] = chunk[2 * i + 1]!;
    }
    done += n;
  }
  return [outL, outR];
}
