import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs` while `active`, so relative times and timed progress bars
 * on screen stay true. The one ticking clock of the dashboard.
 */
export function useNow(everyMs = 30_000, active = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    setNow(new Date());
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs, active]);
  return now;
}
