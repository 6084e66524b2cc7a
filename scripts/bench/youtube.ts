import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createYouTubePublisher } from '../../functions/src/providers/social/youtube';
import type { PublishMedia } from '../../functions/src/providers/social/social-publisher';

// npm run bench -- youtube: a 300 MB video through the YouTube publisher's resumable upload to the sandbox
// (in a process of its own, so its memory does not count), read by ranges from a file as publish jobs read
// Storage. Wall time and this process's peak resident memory, for 30 MB and 300 MB: the peak must stay flat,
// not grow with the file. Never asserted.

const MB = 1024 * 1024;

async function writeFile(path: string, bytes: number): Promise<void> {
  const out = createWriteStream(path);
  const block = Buffer.alloc(MB);
  for (let i = 0; i < bytes / MB; i++) {
    block.writeUInt32LE(i, 0);
    if (!out.write(block)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

async function fileMedia(
  path: string,
  sizeBytes: number,
): Promise<PublishMedia & { close(): Promise<void> }> {
  const handle = await open(path, 'r');
  return {
    storagePath: `bench/${sizeBytes}.mp4`,
    contentType: 'video/mp4',
    sizeBytes,
    read: async (start, end) => {
      const buffer = Buffer.alloc(end - start);
      const { bytesRead } = await handle.read(buffer, 0, end - start, start);
      return buffer.subarray(0, bytesRead);
    },
    close: () => handle.close(),
  };
}

async function startSandbox(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/sandbox/server.ts'], {
    env: { ...process.env, SANDBOX_BASE_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) =>
      resolve(JSON.parse(d.toString()) as Record<string, string>),
    );
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  return { url: env.GOOGLE_BASE_URL!, child };
}

async function uploadOnce(
  url: string,
  path: string,
  sizeBytes: number,
): Promise<{ seconds: number; peakRssMb: number; ok: boolean }> {
  globalThis.gc?.();
  const media = await fileMedia(path, sizeBytes);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const publisher = createYouTubePublisher({
    accessToken: 'bench-token',
    baseUrl: url,
    fetch: globalThis.fetch,
    now: Date.now,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  });
  const outcome = await publisher.publish({
    requestId: `bench-${sizeBytes}`,
    text: 'Bench upload',
    media: [media],
    attemptStartedAt: Date.now(),
    youtube: {
      title: `Bench ${sizeBytes / MB} MB`,
      tags: [],
      privacyStatus: 'private',
      publishAt: null,
    },
    onProgress: () => void (peak = Math.max(peak, process.memoryUsage().rss)),
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await media.close();
  return { seconds: +seconds.toFixed(2), peakRssMb: Math.round(peak / MB), ok: outcome.ok };
}

export async function youtubeBench(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'muse-youtube-bench-'));
  const { url, child } = await startSandbox();
  try {
    const figures: Record<string, string | number> = {
      baselineRssMb: Math.round(process.memoryUsage().rss / MB),
    };
    for (const size of [30 * MB, 300 * MB]) {
      const path = join(dir, `${size}.bin`);
      await writeFile(path, size);
      const r = await uploadOnce(url, path, size);
      const label = `${size / MB}MB`;
      figures[`${label}.ok`] = String(r.ok);
      figures[`${label}.seconds`] = r.seconds;
      figures[`${label}.MBps`] = +(size / MB / r.seconds).toFixed(1);
      figures[`${label}.peakRssMb`] = r.peakRssMb;
      await rm(path);
    }
    return figures;
  } finally {
    child.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}
