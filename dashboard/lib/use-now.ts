import { useState } from 'react';
import { useInterval } from './use-interval';

/**
 * The current time, refreshed every `everyMs` while `active`, so relative times and timed progress bars
 * on screen stay true. The one ticking clock of the dashboard.
 */
export function useNow(everyMs = 30_000, active = true): Date {
  const [now, setNow] = useState(() => new Date());
  useInterval(() => setNow(new Date()), active ? everyMs : null);
  return now;
}
