import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { FUNCTIONS_REGION } from '../../core/firebase/config';
import { createUser } from '../../tests/e2e/support/auth-emulator';
import type { RunningStack } from '../stack/stack';

// Bytes and time from "provider ready" to "file in Storage" (download + upload, the job's
// metrics.readyToStoredMs) per media type, over RUNS jobs each against the sandbox. Medians.

const RUNS = 5;

type Kind = 'video' | 'voiceover' | 'music';
const inputs: Record<Kind, (i: number) => Record<string, unknown>> = {
  video: (i) => ({
    prompt: `Bench video ${i}: a drone shot over sea cliffs [pending:0]`,
    style: 'cinematic',
  }),
  // About 60 words: 4 s of speech at the sandbox's 15 characters a second... times 5.
  voiceover: (i) => ({
    text: `Bench voiceover ${i}. ${'Welcome to Muse Studio, where every idea finds its voice. '.repeat(5)}`.trim(),
    voiceId: '21m00Tcm4TlvDq8ikWAM',
    modelId: 'eleven_multilingual_v2',
  }),
  music: (i) => ({
    prompt: `Bench music ${i}: warm ambient pads`,
    durationSeconds: 30,
    genre: 'ambient',
  }),
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function call(
  stack: Pick<RunningStack, 'env' | 'projectId'>,
  name: string,
  data: unknown,
  idToken: string,
): Promise<unknown> {
  const res = await fetch(
    `${stack.env.FUNCTIONS_EMULATOR_ORIGIN}/${stack.projectId}/${FUNCTIONS_REGION}/${name}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ data }),
    },
  );
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${name}: ${body.error.message}`);
  return body.result;
}

export async function mediaJobsBench(
  stack: Pick<RunningStack, 'env' | 'projectId'>,
): Promise<Record<string, string | number>> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = stack.env.FIREBASE_AUTH_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = stack.env.FIRESTORE_EMULATOR_HOST;
  const app = initializeApp({ projectId: stack.projectId }, `media-bench-${randomUUID()}`);
  const db = getFirestore(app);
  const user = await createUser();
  await call(
    stack,
    'saveIntegrationKey',
    { type: 'lumaai', apiKey: 'bench-luma-key' },
    user.idToken,
  );
  await call(
    stack,
    'saveIntegrationKey',
    { type: 'elevenlabs', apiKey: 'bench-elevenlabs-key' },
    user.idToken,
  );
  const figures: Record<string, string | number> = {};
  try {
    for (const kind of Object.keys(inputs) as Kind[]) {
      const metrics: {
        bytes: number;
        readyToStoredMs: number;
        downloadMs: number;
        uploadMs: number;
      }[] = [];
      for (let i = 0; i < RUNS; i++) {
        const requestId = randomUUID();
        await call(stack, 'startJob', { requestId, kind, input: inputs[kind](i) }, user.idToken);
        const started = Date.now();
        for (;;) {
          const job = (await db.doc(`users/${user.uid}/jobs/${requestId}`).get()).data();
          if (job?.status === 'succeeded') {
            metrics.push(job.metrics);
            break;
          }
          if (job && job.status !== 'queued' && job.status !== 'running')
            throw new Error(`${kind} job ${job.status}: ${JSON.stringify(job.error)}`);
          if (Date.now() - started > 120_000) throw new Error(`${kind} job still ${job?.status}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      figures[`${kind}.bytes`] = median(metrics.map((m) => m.bytes));
      figures[`${kind}.readyToStoredMs`] = median(metrics.map((m) => m.readyToStoredMs));
      figures[`${kind}.downloadMs`] = median(metrics.map((m) => m.downloadMs));
      figures[`${kind}.uploadMs`] = median(metrics.map((m) => m.uploadMs));
    }
  } finally {
    await deleteApp(app);
  }
  return figures;
}
