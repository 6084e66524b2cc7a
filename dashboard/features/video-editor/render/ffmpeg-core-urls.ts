import type { FfmpegUrls } from './ffmpeg-service';

// The single-thread core (no cross-origin isolation needed) served from our own origin: Vite emits
// both files as assets of the build and serves them from node_modules in dev. Imported lazily so the
// 32 MB wasm is only fetched by a render that needs ffmpeg.
export async function ffmpegCoreUrls(): Promise<FfmpegUrls> {
  const [core, wasm] = await Promise.all([import('@ffmpeg/core?url'), import('@ffmpeg/core/wasm?url')]);
  return { coreURL: new URL(core.default, location.href).href, wasmURL: new URL(wasm.default, location.href).href };
}
