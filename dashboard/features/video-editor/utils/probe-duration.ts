const PROBE_TIMEOUT_MS = 8000;

/** The length of an audio or video file in seconds, read from its metadata; null when the browser cannot tell in time. */
export function probeMediaDuration(
  url: string,
  kind: 'audio' | 'video' = 'audio',
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<number | null> {
  return new Promise((resolve) => {
    const el = document.createElement(kind);
    el.muted = true;
    let timer = 0;
    const done = (value: number | null) => {
      window.clearTimeout(timer);
      el.removeAttribute('src');
      el.load();
      resolve(value);
    };
    // A stalled download must not leave the Add button waiting forever.
    timer = window.setTimeout(() => done(null), timeoutMs);
    el.preload = 'metadata';
    el.onloadedmetadata = () =>
      done(Number.isFinite(el.duration) && el.duration > 0 ? el.duration : null);
    el.onerror = () => done(null);
    el.src = url;
  });
}
