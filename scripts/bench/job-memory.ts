import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { RunningStack } from '../stack/stack';

// Peak memory of the job function's largest inputs and outputs, each in a child process of its own (so one's
// garbage is not the next one's peak), sampled every 2 ms from process.memoryUsage() (garbage not yet collected
// included, as an instance's memory limit counts it): a 64 MB video result
// (the whole download then the upload, and streamed: functions/src/jobs/result-storage.ts), a 50 MB
// transcription input read from Storage and made into the ElevenLabs multipart body
// (functions/src/providers/audio/elevenlabs.ts), and a LinkedIn document of 100 MB of images made into its PDF
// (functions/src/providers/social/images-pdf.ts; pdf-lib keeps every image and the whole PDF in memory to
// save). Figures: MB above the process's baseline, peak rss and peak arrayBuffers (the Buffers' bytes).

const MB = 1024 * 1024;
const scenarios = [
  'video-whole',
  'video-streamed',
  'transcription-input',
  'linkedin-document',
] as const;
type Scenario = (typeof scenarios)[number];

export async function jobMemoryBench(
  stack: Pick<RunningStack, 'env'>,
): Promise<Record<string, string | number>> {
  const figures: Record<string, number> = {};
  for (const scenario of scenarios) {
    const run = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), scenario],
      { env: { ...process.env, ...stack.env }, encoding: 'utf8', timeout: 300_000 },
    );
    const line = run.stdout.split('\n').find((l) => l.startsWith('{'));
    if (!line) throw new Error(`${scenario}: ${run.stderr.slice(-2000)}`);
    for (const [k, v] of Object.entries(JSON.parse(line) as Record<string, number>))
      figures[`${scenario}.${k}`] = v;
  }
  return figures;
}

/** Peak rss and arrayBuffers above the baseline (MB) while `work` runs. */
async function peakOf(work: () => Promise<unknown>): Promise<Record<string, number>> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let rss = 0;
  let buffers = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss - base.rss);
    buffers = Math.max(buffers, m.arrayBuffers - base.arrayBuffers);
  };
  const timer = setInterval(sample, 2);
  try {
    await work();
  } finally {
    sample();
    clearInterval(timer);
  }
  return { peakRssMB: Math.round(rss / MB), peakArrayBuffersMB: Math.round(buffers / MB) };
}

/** An MP4-looking body of `size` bytes served in 256 KB writes without a content-length. */
async function serveVideo(size: number): Promise<{ url: string; server: Server }> {
  const chunk = Buffer.alloc(256 * 1024, 1);
  Buffer.from('\x00\x00\x00\x18ftypisom', 'latin1').copy(chunk);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'video/mp4' });
    let sent = 0;
    const next = () => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!res.write(part)) return void res.once('drain', next);
      }
      res.end();
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v.mp4`, server };
}

/** A JPEG pdf-lib can embed (its frame header), padded to `size` bytes. */
function jpegOf(size: number, seed: number): Buffer {
  const b = Buffer.alloc(size, seed);
  Buffer.from([
    0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x04, 0x38, 0x04, 0x38, 0x03, 0x01, 0x22, 0x00, 0x02,
    0x11, 0x01, 0x03, 0x11, 0x01,
  ]).copy(b);
  b[size - 2] = 0xff;
  b[size - 1] = 0xd9;
  return b;
}

async function child(scenario: Scenario): Promise<Record<string, number>> {
  const { initializeApp } = await import('firebase-admin/app');
  const { getStorage } = await import('firebase-admin/storage');
  const projectId = process.env.GCLOUD_PROJECT!;
  const bucket = getStorage(initializeApp({ projectId })).bucket(`${projectId}.appspot.com`);
  const storage = {
    bucket,
    downloadOrigin: `http://${process.env.FIREBASE_STORAGE_EMULATOR_HOST}`,
  };
  const uid = `bench-${randomUUID().slice(0, 8)}`;
  const options = { fetch, timeoutMs: 120_000, maxBytes: 64 * MB, allowPlainHttp: true };
  const rs = await import('../../functions/src/jobs/result-storage');
  if (scenario === 'video-whole' || scenario === 'video-streamed') {
    const { url, server } = await serveVideo(64 * MB);
    try {
      return await peakOf(async () => {
        if (scenario === 'video-streamed') {
          const r = await rs.streamResultToStorage(
            storage,
            uid,
            randomUUID(),
            url,
            'video',
            options,
          );
          if (!r.ok) throw new Error(r.reason);
          return;
        }
        const d = await rs.downloadResult(url, 'video', options);
        if (!d.ok) throw new Error(d.reason);
        await rs.storeResult(storage, uid, randomUUID(), d.bytes, d.info);
      });
    } finally {
      server.close();
    }
  }
  if (scenario === 'transcription-input') {
    const path = `${uid}/uploads/${randomUUID()}.mp3`;
    await bucket
      .file(path)
      .save(Buffer.alloc(50 * MB, 3), { resumable: false, contentType: 'audio/mpeg' });
    // A sink that reads the multipart body and answers nothing useful.
    const sink = createServer((req, res) => {
      req.on('data', () => undefined).on('end', () => res.writeHead(400).end('{}'));
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const { createElevenLabs } = await import('../../functions/src/providers/audio/elevenlabs');
    const { readMedia } = await import('../../functions/src/jobs/generation-run');
    try {
      return await peakOf(async () => {
        const media = await readMedia(bucket, uid, path);
        const client = createElevenLabs({
          apiKey: 'bench',
          fetch,
          baseUrl: `http://127.0.0.1:${(sink.address() as AddressInfo).port}`,
          retry: {
            policy: {
              maxAttempts: 1,
              baseDelayMs: 1,
              maxDelayMs: 1,
              maxTotalWaitMs: 1,
              retryWindowMs: 1,
            },
            sleep: () => Promise.resolve(),
            now: Date.now,
          },
          speechTimeoutMs: 60_000,
          musicTimeoutMs: 60_000,
        });
        await client.transcribe({
          bytes: media!.bytes,
          contentType: 'audio/mpeg',
          fileName: 'a.mp3',
        });
      });
    } finally {
      sink.close();
    }
  }
  const { imagesToPdf } = await import('../../functions/src/providers/social/images-pdf');
  return peakOf(async () => {
    // 20 images of 5 MB each, as a document post reads them, then the PDF.
    const images = Array.from({ length: 20 }, (_, i) => ({
      contentType: 'image/jpeg',
      bytes: jpegOf(5 * MB, i),
    }));
    const pdf = await imagesToPdf(images, 'Bench');
    if (pdf.length < 100 * MB) throw new Error(`PDF of ${pdf.length} bytes`);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const scenario = process.argv[2] as Scenario;
  console.log(JSON.stringify(await child(scenario)));
  process.exit(0);
}
