import { renderTimeline, type RenderEngine, type RenderInput } from '@/features/video-editor/render/render-timeline';

// A bare page that exposes the render engine to Playwright (tests/media and the render bench).

export interface HarnessResult {
  base64: string | null;
  size: number;
  mimeType: string;
  extension: string;
  engine: string;
  durationSec: number;
  ms: number;
  stages: string[];
}

declare global {
  interface Window {
    museRender: (input: RenderInput, engine: RenderEngine, opts?: { returnBytes?: boolean; abortAfterMs?: number }) => Promise<HarnessResult>;
    museReady: boolean;
  }
}

async function toBase64(blob: Blob): Promise<string> {
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
  return url.slice(url.indexOf(',') + 1);
}

window.museRender = async (input, engine, opts = {}) => {
  const stages: string[] = [];
  const controller = new AbortController();
  if (opts.abortAfterMs !== undefined) setTimeout(() => controller.abort(), opts.abortAfterMs);
  const t0 = performance.now();
  const result = await renderTimeline(input, {
    engine,
    signal: controller.signal,
    onProgress: (_f, stage) => {
      if (stages[stages.length - 1]?.split('@')[0] !== stage) stages.push(`${stage}@${Math.round(performance.now() - t0)}ms`);
    },
  });
  const ms = performance.now() - t0;
  return {
    base64: opts.returnBytes === false ? null : await toBase64(result.blob),
    size: result.blob.size,
    mimeType: result.mimeType,
    extension: result.extension,
    engine: result.engine,
    durationSec: result.durationSec,
    ms,
    stages,
  };
};
window.museReady = true;
