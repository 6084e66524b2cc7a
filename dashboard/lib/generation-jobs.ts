import { collection, doc, limit, onSnapshot, orderBy, query, Timestamp, where, type DocumentData } from 'firebase/firestore';
import { httpsCallable } from 'firebase/functions';
import { useCallback, useEffect, useRef, useState } from 'react';
import { userCollectionPath } from '@core/firestore-paths';
import {
  cancelJobCallable,
  isJobActive,
  jobIdSchema,
  jobStatuses,
  startJobCallable,
  startJobSchema,
  type GenerationType,
  type JobError,
  type JobKind,
  type JobStatus,
  type StartJobInput,
  type StartJobPayload,
  type StartJobResult,
} from '@core/jobs';
import { useAuth } from '@/lib/auth';
import { readCallableError } from '@/lib/callable-error';
import { getFirebase } from '@/lib/firebase';
import type { QueryState } from '@/lib/query-state';
import { toast } from '@/lib/toast';
import { usePendingCall } from '@/lib/use-pending-call';

// Following a generation job from a page (video, voiceover, music; the image page has its own richer
// version with uploads): start it through startJob, follow its document live, find it again after a
// reload or from another tab, and read the library record it wrote. The function runs the job to the end
// whether or not a page is open.

export interface FollowedJob {
  id: string;
  kind: JobKind;
  status: JobStatus;
  progress: number;
  statusText: string;
  error: JobError | null;
  generationId: string | null;
  input: Record<string, unknown>;
  createdAt: Date | null;
}

export interface JobRecord {
  id: string;
  title: string;
  prompt: string;
  originalUrl: string | null;
  thumbnailUrl: string | null;
  contentType: string | null;
  createdAt: Date | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Reads a job document leniently: the function writes it, the page must never crash on an odd field. */
export function toFollowedJob(id: string, data: DocumentData): FollowedJob {
  const status: JobStatus = (jobStatuses as readonly string[]).includes(data.status) ? data.status : 'queued';
  const error = data.error && typeof data.error === 'object' ? { code: String(data.error.code ?? 'internal'), message: str(data.error.message) } : null;
  return {
    id,
    kind: data.kind as JobKind,
    status,
    progress: typeof data.progress === 'number' && Number.isFinite(data.progress) ? data.progress : 0,
    statusText: str(data.statusText),
    error,
    generationId: str(data.generationId) || null,
    input: typeof data.input === 'object' && data.input !== null ? (data.input as Record<string, unknown>) : {},
    createdAt: data.createdAt instanceof Timestamp ? data.createdAt.toDate() : null,
  };
}

export function toJobRecord(id: string, data: DocumentData): JobRecord {
  const original = str(data.originalUrl) || null;
  const thumb = str(data.thumbnailUrl) || null;
  return {
    id,
    title: str(data.title).trim() || 'Untitled',
    prompt: str(data.prompt),
    originalUrl: original,
    // A thumbnail that is the file itself (audio, or a video without a poster) is no thumbnail.
    thumbnailUrl: thumb && thumb !== original ? thumb : null,
    contentType: str(data.contentType) || null,
    createdAt: data.createdAt instanceof Timestamp ? data.createdAt.toDate() : null,
  };
}

function useLive<T>(key: string | null, subscribe: (uid: string, onData: (v: T) => void, onError: (e: Error) => void) => () => void): QueryState<T> {
  const { user } = useAuth();
  const uid = user?.uid;
  const [state, setState] = useState<{ key: string; value: QueryState<T> } | null>(null);
  const subscribeRef = useRef(subscribe);
  useEffect(() => {
    subscribeRef.current = subscribe;
  });
  useEffect(() => {
    if (!uid || key === null) return;
    return subscribeRef.current(
      uid,
      (data) => setState({ key, value: { status: 'success', data } }),
      (error) => setState({ key, value: { status: 'error', error } }),
    );
  }, [uid, key]);
  // A snapshot for another key must never show under this one.
  return state?.key === key ? state.value : { status: 'loading' };
}

/** One job, live. */
export function useJob(jobId: string | null): QueryState<FollowedJob | null> {
  const state = useLive<FollowedJob | null>(jobId, (uid, onData, onError) =>
    onSnapshot(doc(getFirebase().db, userCollectionPath(uid, 'jobs'), jobId!), (snap) => onData(snap.exists() ? toFollowedJob(snap.id, snap.data({ serverTimestamps: 'estimate' })) : null), onError),
  );
  return jobId ? state : { status: 'success', data: null };
}

/** The user's newest job of a kind, live. Index: jobs (kind ASC, createdAt DESC). */
export function useLatestJob(kind: JobKind): QueryState<FollowedJob | null> {
  return useLive<FollowedJob | null>(kind, (uid, onData, onError) =>
    onSnapshot(
      query(collection(getFirebase().db, userCollectionPath(uid, 'jobs')), where('kind', '==', kind), orderBy('createdAt', 'desc'), limit(1)),
      (snap) => {
        const d = snap.docs[0];
        onData(d ? toFollowedJob(d.id, d.data({ serverTimestamps: 'estimate' })) : null);
      },
      onError,
    ),
  );
}

/** The library record a job wrote: undefined while it loads, null when it is gone. */
export function useJobRecord(id: string | null): JobRecord | null | undefined {
  const state = useLive<JobRecord | null>(id, (uid, onData, onError) =>
    onSnapshot(doc(getFirebase().db, userCollectionPath(uid, 'generations'), id!), (snap) => onData(snap.exists() ? toJobRecord(snap.id, snap.data()) : null), onError),
  );
  if (!id) return null;
  if (state.status === 'loading') return undefined;
  return state.status === 'success' ? state.data : null;
}

/** The newest library items of a type, live. Index: generations (type ASC, createdAt DESC). */
export function useRecentRecords(type: GenerationType, count: number): QueryState<JobRecord[]> {
  return useLive<JobRecord[]>(`${type}:${count}`, (uid, onData, onError) =>
    onSnapshot(
      query(collection(getFirebase().db, userCollectionPath(uid, 'generations')), where('type', '==', type), orderBy('createdAt', 'desc'), limit(count)),
      (snap) => onData(snap.docs.map((d) => toJobRecord(d.id, d.data()))),
      onError,
    ),
  );
}

type InputOf<K extends JobKind> = Extract<StartJobInput, { kind: K }>['input'];

/** startJob for one kind; the payload is checked with the same schema the function uses. */
export async function startGenerationJob<K extends JobKind>(kind: K, input: InputOf<K>, requestId: string = crypto.randomUUID()): Promise<StartJobResult> {
  const payload: StartJobPayload = startJobSchema.parse({ requestId, kind, input });
  const { data } = await httpsCallable<StartJobInput, StartJobResult>(getFirebase().functions, startJobCallable)(payload);
  return data;
}

export async function cancelGenerationJob(jobId: string): Promise<void> {
  const payload = jobIdSchema.parse({ jobId });
  await httpsCallable<typeof payload, unknown>(getFirebase().functions, cancelJobCallable)(payload);
}

const lastJobKey = (kind: JobKind, uid: string) => `muse:${kind}-job:${uid}`;
function readLastJob(kind: JobKind, uid: string): string | null {
  try {
    return window.localStorage.getItem(lastJobKey(kind, uid));
  } catch {
    return null;
  }
}
function writeLastJob(kind: JobKind, uid: string, jobId: string | null): void {
  try {
    if (jobId) window.localStorage.setItem(lastJobKey(kind, uid), jobId);
    else window.localStorage.removeItem(lastJobKey(kind, uid));
  } catch {
    // Private mode or a full quota: the job is still followed live, only the reload memory is lost.
  }
}

export interface JobFollower<K extends JobKind> {
  job: FollowedJob | null;
  /** The record of a succeeded job: undefined while it loads, null when none or gone. */
  record: JobRecord | null | undefined;
  /** startJob in flight (the job has no document yet). */
  starting: boolean;
  /** startJob refused (no key, bad input): its user-facing message. */
  startError: { message: string; needsIntegrations: boolean } | null;
  start: (input: InputOf<K>) => Promise<boolean>;
  cancel: () => Promise<void>;
  isCancelling: boolean;
  /** Stops showing the current job (Reset); the job and its record stay. */
  clear: () => void;
}

export interface JobFollowerOptions {
  /** A job found again after a reload (to restore its form), once. */
  onAdopt?: (job: FollowedJob) => void;
  /** A followed job ended while the page watched it. */
  onSettled?: (job: FollowedJob) => void;
  /** startJob failed (message already user-facing). */
  onStartError?: (message: string) => void;
  fallbackError: string;
}

/**
 * The job a page follows for one kind: started here, found again after a reload (the newest job when it is
 * still active, or the one this browser last followed), or started meanwhile in another tab.
 */
export function useJobFollower<K extends JobKind>(kind: K, options: JobFollowerOptions): JobFollower<K> {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<JobFollower<K>['startError']>(null);
  const latest = useLatestJob(kind);
  const jobState = useJob(jobId);
  const job = jobState.status === 'success' ? jobState.data : null;
  const record = useJobRecord(job?.status === 'succeeded' ? job.generationId : null);
  const { run: cancelRun, isPending: isCancelling } = usePendingCall(cancelGenerationJob);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const startingRef = useRef(false);
  const checkedOnLoad = useRef(false);

  const newest = latest.status === 'success' ? latest.data : null;
  const latestLoaded = latest.status !== 'loading';
  useEffect(() => {
    if (!uid || !latestLoaded) return;
    if (!checkedOnLoad.current) {
      checkedOnLoad.current = true;
      if (newest && (isJobActive(newest.status) || newest.id === readLastJob(kind, uid))) {
        setJobId(newest.id);
        optionsRef.current.onAdopt?.(newest);
      }
      return;
    }
    if (newest && isJobActive(newest.status) && newest.id !== jobId && !startingRef.current) {
      setStartError(null);
      setJobId(newest.id);
      writeLastJob(kind, uid, newest.id);
    }
  }, [uid, kind, latestLoaded, newest, jobId]);

  // Success and failure toasts only for a change seen live, never for a job found already ended.
  // A job started here counts as seen queued, even when its first snapshot already shows it ended (a fast
  // provider can finish before the page subscribes).
  const lastStatus = useRef<{ id: string; status: JobStatus } | null>(null);
  const startedHere = useRef<string | null>(null);
  useEffect(() => {
    if (!job) return;
    const prev = lastStatus.current?.id === job.id ? lastStatus.current.status : job.id === startedHere.current ? 'queued' : null;
    lastStatus.current = { id: job.id, status: job.status };
    if (prev && isJobActive(prev) && !isJobActive(job.status)) optionsRef.current.onSettled?.(job);
  }, [job]);

  const start = useCallback(
    async (input: InputOf<K>): Promise<boolean> => {
      if (!uid) {
        setStartError({ message: 'Not authenticated', needsIntegrations: false });
        optionsRef.current.onStartError?.('Not authenticated');
        return false;
      }
      startingRef.current = true;
      setStarting(true);
      setStartError(null);
      try {
        const { jobId: started } = await startGenerationJob(kind, input);
        startedHere.current = started;
        writeLastJob(kind, uid, started);
        setJobId(started);
        return true;
      } catch (error) {
        const failure = readCallableError(error, optionsRef.current.fallbackError);
        setStartError({ message: failure.message, needsIntegrations: failure.needsIntegrations });
        optionsRef.current.onStartError?.(failure.message);
        return false;
      } finally {
        startingRef.current = false;
        setStarting(false);
      }
    },
    [uid, kind],
  );

  const cancel = useCallback(async () => {
    if (!jobId) return;
    try {
      await cancelRun(jobId);
    } catch (error) {
      toast({ title: 'Error', description: readCallableError(error, 'Failed to cancel the generation').message, variant: 'destructive' });
    }
  }, [jobId, cancelRun]);

  const clear = useCallback(() => {
    setJobId(null);
    setStartError(null);
    if (uid) writeLastJob(kind, uid, null);
  }, [uid, kind]);

  // Between startJob answering and the first snapshot the page is still starting.
  const waiting = jobId !== null && jobState.status === 'loading';
  return { job, record, starting: starting || waiting, startError, start, cancel, isCancelling, clear };
}

/** A clock for timed progress bars: ticks every `everyMs` while `active`. */
export function useNow(everyMs: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, active]);
  return now;
}
