import coreUrl from '@ffmpeg/core?url';
import wasmUrl from '@ffmpeg/core/wasm?url';
import type { FfmpegUrls } from './ffmpeg-service';

// The single-thread core (no cross-origin isolation needed) served from our own origin: Vite emits
// both files as assets of the build and serves them from node_modules in dev. A `?url` import is only
// a string: the 32 MB wasm is fetched by the first render that needs ffmpeg, never before.
export function ffmpegCoreUrls(): Promise<FfmpegUrls> {
  return Promise.resolve({
    coreURL: new URL(coreUrl, location.href).href,
    wasmURL: new URL(wasmUrl, location.href).href,
  });
}
