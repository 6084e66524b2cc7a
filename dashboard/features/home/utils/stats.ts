const DAY_MS = 24 * 60 * 60 * 1000;

/** Stat cards compare the last 30 days with the 30 before them. */
export const STATS_WINDOW_DAYS = 30;

export interface StatWindows {
  currentFrom: Date;
  previousFrom: Date;
}

export function statWindows(now: Date, days = STATS_WINDOW_DAYS): StatWindows {
  return {
    currentFrom: new Date(now.getTime() - days * DAY_MS),
    previousFrom: new Date(now.getTime() - 2 * days * DAY_MS),
  };
}

/** Whole-percent change from the previous period; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (!Number.isFinite(current) || !Number.isFinite(previous) || previous <= 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** '+12%', '-8%', '0%', or '—' when there was no earlier data. */
export function formatChange(change: number | null): string {
  if (change === null) return '—';
  if (change > 0) return `+${change}%`;
  if (change < 0) return `-${Math.abs(change)}%`;
  return '0%';
}

/** Monday 00:00 local time of the week holding `now`: the start of the weekly goal. */
export function startOfWeek(now: Date): Date {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const daysSinceMonday = (start.getDay() + 6) % 7;
  start.setDate(start.getDate() - daysSinceMonday);
  return start;
}

/** Progress toward a goal as a 0–100 bar value. */
export function goalPercent(value: number, target: number): number {
  if (target <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((value / target) * 100)));
}
