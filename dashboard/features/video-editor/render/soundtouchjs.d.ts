// soundtouchjs ships JavaScript without types: the part render/time-stretch.ts uses.
declare module 'soundtouchjs' {
  /** Where SimpleFilter reads interleaved stereo frames from (`position` in frames); returns the frames written. */
  export interface SampleSource {
    extract(target: Float32Array, numFrames: number, position: number): number;
  }
  export class SoundTouch {
    tempo: number;
    readonly stretch: {
      setParameters(
        sampleRate: number,
        sequenceMs: number,
        seekWindowMs: number,
        overlapMs: number,
      ): void;
    };
  }
  export class SimpleFilter {
    constructor(source: SampleSource, pipe: SoundTouch, callback?: () => void);
    /** Writes up to `numFrames` interleaved stereo frames into `target`; returns how many. */
    extract(target: Float32Array, numFrames: number): number;
  }
}
