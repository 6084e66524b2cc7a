import { randomUUID } from 'node:crypto';
import { getApps } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { emulatorPortSets } from '@core/firebase/config';
import { isJobActive, type JobStatus } from '@core/jobs';
import type { ElevenLabsCall } from '../sandbox/providers/elevenlabs';
import { gradientPng } from '../sandbox/providers/png';
import { sandboxUrl } from './integrations-support';
import { adminDb, callCallable, projectId, signUp } from './support';
import { stackFetch } from '../support/transport-retry';

// Helpers for the job suites: users with a BFL key, Storage through the Admin SDK, waiting on jobs.

process.env.FIREBASE_STORAGE_EMULATOR_HOST ??= `127.0.0.1:${emulatorPortSets.test.storage}`;

export const SANDBOX_BFL_KEY = 'sandbox-bfl-key-0001';

export function adminBucket(bucketProjectId = projectId) {
  adminDb();
  return getStorage(getApps()[0]!).bucket(`${bucketProjectId}.appspot.com`);
}

export function storageOrigin(): string {
  return `http://${process.env.FIREBASE_STORAGE_EMULATOR_HOST}`;
}

export async function userWithBflKey(apiKey = SANDBOX_BFL_KEY) {
  const user = await signUp();
  const saved = await callCallable(
    'saveIntegrationKey',
    { type: 'blackforest', apiKey },
    user.idToken,
  );
  if (saved.error) throw new Error(saved.error.message);
  return user;
}

export const imageInput = (input: Record<string, unknown> = {}) => ({
  mode: 'text',
  prompt: 'a lighthouse at dusk',
  width: 1024,
  height: 768,
  ...input,
});

export async function startImageJob(
  idToken: string,
  input: Record<string, unknown>,
  requestId = randomUUID(),
) {
  return {
    requestId,
    ...(await callCallable('startJob', { requestId, kind: 'image', input }, idToken)),
  };
}

export async function readJob(uid: string, jobId: string, db = adminDb()) {
  return (await db.doc(`users/${uid}/jobs/${jobId}`).get()).data();
}

/** Waits until the job has ended (or reached `until`), reading it with the Admin SDK. */
export async function waitForJob(
  uid: string,
  jobId: string,
  {
    until,
    timeoutMs = 60_000,
  }: { until?: (status: JobStatus) => boolean; timeoutMs?: number } = {},
) {
  const done = until ?? ((s: JobStatus) => !isJobActive(s));
  const started = Date.now();
  for (;;) {
    const job = await readJob(uid, jobId);
    if (job && done(job.status as JobStatus)) return job;
    if (Date.now() - started > timeoutMs)
      throw new Error(
        `job ${jobId} still ${job?.status ?? 'missing'} after ${timeoutMs} ms: ${JSON.stringify(job?.statusText)}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function filesOf(uid: string, bucketProjectId = projectId): Promise<string[]> {
  const [files] = await adminBucket(bucketProjectId).getFiles({ prefix: `${uid}/` });
  return files.map((f) => f.name).sort();
}

/** An upload as the dashboard makes it ({uid}/uploads/...), written with the Admin SDK. */
export async function uploadPng(
  uid: string,
  name: string,
  width: number,
  height: number,
  bucketProjectId = projectId,
): Promise<string> {
  const path = `${uid}/uploads/${name}`;
  await adminBucket(bucketProjectId)
    .file(path)
    .save(gradientPng(width, height, name), { resumable: false, contentType: 'image/png' });
  return path;
}

export interface BflSubmission {
  id: string | null;
  model: string;
  prompt: string;
  status: number;
  polls: number;
}

/** The BFL sandbox's submits whose prompt holds `marker` (tests share the sandbox, so each counts its own). */
export async function bflSubmissions(marker: string): Promise<BflSubmission[]> {
  const res = await stackFetch(`${sandboxUrl('bfl')}/__sandbox/bfl/submissions`);
  const { submissions } = (await res.json()) as { submissions: BflSubmission[] };
  return submissions.filter((s) => s.prompt.includes(marker));
}

export const newMarker = () => `m${randomUUID().slice(0, 8)}`;

export async function userWithKey(type: 'lumaai' | 'elevenlabs' | 'openai', apiKey: string) {
  const user = await signUp();
  const saved = await callCallable('saveIntegrationKey', { type, apiKey }, user.idToken);
  if (saved.error) throw new Error(saved.error.message);
  return user;
}

export async function startJob(
  idToken: string,
  kind: 'video' | 'voiceover' | 'music',
  input: Record<string, unknown>,
  requestId = randomUUID(),
) {
  return { requestId, ...(await callCallable('startJob', { requestId, kind, input }, idToken)) };
}

export interface LumaGeneration {
  id: string;
  prompt: string;
  model: string;
  state: string;
  gets: number;
}

/** The Luma sandbox's generations whose prompt holds `marker`. */
export async function lumaGenerations(marker: string): Promise<LumaGeneration[]> {
  const { generations } = (await (
    await stackFetch(`${sandboxUrl('luma')}/__sandbox/luma/generations`)
  ).json()) as { generations: LumaGeneration[] };
  return generations.filter((g) => g.prompt.includes(marker));
}

export async function elevenLabsCalls(marker: string): Promise<ElevenLabsCall[]> {
  const { calls } = (await (
    await stackFetch(`${sandboxUrl('elevenlabs')}/__sandbox/elevenlabs/calls`)
  ).json()) as { calls: ElevenLabsCall[] };
  return calls.filter((c) => c.text.includes(marker));
}

/**
 * Waits until `count()` has stayed the same for `quietMs` (longer than two of the job's polls, 3 s in production, 1 s on the test stack) and
 * returns it. A cancelled run stops polling at its next poll; how soon that is depends on the machine's
 * load, so tests wait for the polls to go quiet instead of sleeping a fixed time. A run that never stops
 * keeps the count moving until the provider's task finishes, which the caller's assertions then catch.
 */
export async function countOnceQuiet(
  count: () => Promise<number>,
  { quietMs = 7_000, timeoutMs = 50_000 } = {},
): Promise<number> {
  const started = Date.now();
  let last = await count();
  let since = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await count();
    if (now !== last) [last, since] = [now, Date.now()];
    else if (Date.now() - since >= quietMs) return now;
    if (Date.now() - started > timeoutMs)
      throw new Error(`still changing after ${timeoutMs} ms (now ${now})`);
  }
}
