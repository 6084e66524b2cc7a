const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60 * 1000],
  ['month', 30 * 24 * 60 * 60 * 1000],
  ['week', 7 * 24 * 60 * 60 * 1000],
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/** 'just now', '5 minutes ago', 'yesterday' … relative to `now` (a clock slightly behind the server still reads 'just now'). */
export function formatRelativeTime(date: Date, now: Date, locale = 'en'): string {
  const diff = date.getTime() - now.getTime();
  const abs = Math.abs(diff);
  if (abs < 60 * 1000) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (abs >= ms) return format.format(Math.round(diff / ms), unit);
  }
  return 'just now';
}
