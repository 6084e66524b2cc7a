// Messages between the page (clip-media.ts) and the timeline's media worker (clip-media.worker.ts).

export type WorkerRequest =
  | { id: number; kind: 'peaks'; url: string }
  /** Samples the page decoded itself (the worker could not), to be reduced and cached here. */
  | { id: number; kind: 'reduce'; url: string; sampleRate: number; channels: Float32Array[] }
  /** Thumbnails `height` px tall at these source times (seconds); one 'thumb' each, then 'done'. */
  | { id: number; kind: 'thumbs'; url: string; height: number; times: number[] };

export type WorkerReply =
  /** null: the file has no sound. */
  | { id: number; kind: 'peaks'; peaks: Float32Array | null }
  | { id: number; kind: 'undecodable' }
  | { id: number; kind: 'thumb'; time: number; blob: Blob }
  | { id: number; kind: 'done' }
  | { id: number; kind: 'error'; message: string };
