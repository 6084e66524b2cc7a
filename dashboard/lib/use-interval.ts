import { useEffect, useRef } from 'react';

// The one place app code starts an interval (eslint.config.js bans raw setInterval elsewhere), so
// every ticking clock is cleared on unmount and paused the same way.

/** Calls the latest `callback` every `everyMs` milliseconds; `null` pauses. Cleared on unmount. */
export function useInterval(callback: () => void, everyMs: number | null): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  useEffect(() => {
    if (everyMs === null) return;
    const id = setInterval(() => latest.current(), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
}
