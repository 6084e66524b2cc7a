/**
 * Cloud Run functions' Node.js runtimes and the day each is decommissioned (no create or update after it),
 * from Google's support schedule: https://cloud.google.com/run/docs/runtimes/function-runtimes#nodejs
 * (read 2026-12-01). Keep it up to date when the schedule changes; firebase-tools has its own copy
 * (node_modules/firebase-tools/lib/deploy/functions/runtimes/supported/types.js) which may lag by a day.
 */
export const NODE_RUNTIMES = {
  nodejs18: { deprecation: '2025-04-30', decommission: '2025-10-30' },
  nodejs20: { deprecation: '2026-04-30', decommission: '2026-10-30' },
  nodejs22: { deprecation: '2027-04-30', decommission: '2027-10-31' },
  nodejs24: { deprecation: '2028-04-30', decommission: '2028-10-31' },
} as const satisfies Record<string, { deprecation: string; decommission: string }>;
export const RUNTIME_SCHEDULE_SOURCE =
  'https://cloud.google.com/run/docs/runtimes/function-runtimes#nodejs';

/** The warning window: a runtime this close to its decommission fails the check, so the move is planned. */
export const DECOMMISSION_MARGIN_DAYS = 60;

/** The runtime `firebase deploy` picks from functions/package.json (engines.node, as firebase-tools reads it). */
export function runtimeOfEngines(engines: unknown): string | undefined {
  const node = (engines as { node?: unknown } | undefined)?.node;
  return typeof node === 'string' && /^\d+$/.test(node) ? `nodejs${node}` : undefined;
}

/** Why `runtime` cannot be deployed on `now`, or will not be within the margin; empty when it can. */
export function runtimeProblems(runtime: string | undefined, now: Date): string[] {
  if (!runtime)
    return ['functions/package.json engines.node must name one major version (e.g. "22")'];
  const entry = (NODE_RUNTIMES as Record<string, { decommission: string } | undefined>)[runtime];
  if (!entry) return [`${runtime} is not in the runtime table (${RUNTIME_SCHEDULE_SOURCE})`];
  const decommission = Date.parse(`${entry.decommission}T00:00:00Z`);
  const days = Math.floor((decommission - now.getTime()) / 86_400_000);
  if (days <= 0)
    return [
      `${runtime} was decommissioned on ${entry.decommission}: Cloud Functions refuses the deploy`,
    ];
  if (days <= DECOMMISSION_MARGIN_DAYS)
    return [
      `${runtime} is decommissioned on ${entry.decommission} (in ${days} days): move functions/package.json engines.node and scripts/build-functions.ts's target to a newer runtime`,
    ];
  return [];
}
