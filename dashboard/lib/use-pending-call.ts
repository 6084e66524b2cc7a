import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Wraps an async call with a pending flag (for disabled buttons and spinners). The flag is only cleared
 * while the component is mounted, so a call finishing after navigation does not warn.
 */
export function usePendingCall<A extends unknown[], R>(
  call: (...args: A) => Promise<R>,
): { run: (...args: A) => Promise<R>; isPending: boolean } {
  const [pending, setPending] = useState(0);
  const mounted = useRef(true);
  const latest = useRef(call);
  useEffect(() => {
    latest.current = call;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async (...args: A) => {
    setPending((n) => n + 1);
    try {
      return await latest.current(...args);
    } finally {
      if (mounted.current) setPending((n) => n - 1);
    }
  }, []);
  return { run, isPending: pending > 0 };
}
