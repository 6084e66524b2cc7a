import { z } from 'zod';
import { paths } from '../../core/routes';
import { realTimers, type Timers } from './timers';

// The Auth emulator "sends" verification and reset emails by printing links to its own action page,
// which cannot set a chosen password ("newPassword must be something other than 'NEW_PASSWORD_HERE'").
// The local stack reads the codes from the emulator's REST listing and prints links to the dashboard's
// /auth view instead, which handles every email action (dashboard/features/auth/api/resolve-action-link.ts).

const oobCodeSchema = z.object({
  email: z.string(),
  newEmail: z.string().optional(),
  requestType: z.string(),
  oobCode: z.string(),
  oobLink: z.string(),
});
export type OobCode = z.infer<typeof oobCodeSchema>;

const actions: Record<string, (code: OobCode) => string> = {
  VERIFY_EMAIL: (c) => `Verify the email address ${c.email}`,
  PASSWORD_RESET: (c) => `Reset the password of ${c.email}`,
  EMAIL_SIGNIN: (c) => `Sign in as ${c.email}`,
  VERIFY_AND_CHANGE_EMAIL: (c) => `Change the email address ${c.email} to ${c.newEmail ?? '?'}`,
  RECOVER_EMAIL: (c) => `Restore the email address ${c.email}`,
};

/**
 * The emulator's link rewritten to the dashboard's /auth view: `?mode=<mode>&oobCode=<code>`, plus the
 * apiKey a sign-in link needs (Firebase only accepts an email sign-in link that carries one).
 */
export function dashboardActionLink(code: OobCode, dashboardUrl: string): string {
  const emulatorLink = new URL(code.oobLink);
  const mode = emulatorLink.searchParams.get('mode');
  if (!mode) throw new Error(`The Auth emulator's link has no mode: ${code.oobLink}`);
  const link = new URL(paths.auth, dashboardUrl);
  link.searchParams.set('mode', mode);
  link.searchParams.set('oobCode', code.oobCode);
  const apiKey = emulatorLink.searchParams.get('apiKey');
  if (mode === 'signIn' && apiKey) link.searchParams.set('apiKey', apiKey);
  return link.toString();
}

/** One line for the console and the log: what the link does, for whom, then the link. */
export function describeActionLink(code: OobCode, dashboardUrl: string): string {
  const what = actions[code.requestType]?.(code) ?? `${code.requestType} for ${code.email}`;
  return `${what}: ${dashboardActionLink(code, dashboardUrl)}`;
}

export async function listOobCodes(
  authOrigin: string,
  projectId: string,
  fetchFn: typeof fetch,
): Promise<OobCode[]> {
  const res = await fetchFn(`${authOrigin}/emulator/v1/projects/${projectId}/oobCodes`);
  if (!res.ok) throw new Error(`The Auth emulator did not list its email codes (${res.status})`);
  return z.object({ oobCodes: z.array(oobCodeSchema).default([]) }).parse(await res.json())
    .oobCodes;
}

export interface AuthLinkWatcher {
  /** Reads the emulator's codes now and reports those not seen before. */
  check: () => Promise<void>;
  stop: () => void;
}

/**
 * Reports each new email action code once, as a dashboard link. Codes already there when the watcher
 * starts (kept from an earlier run) are not reported again.
 */
export async function watchAuthLinks(deps: {
  list: () => Promise<OobCode[]>;
  onLink: (line: string, code: OobCode) => void;
  dashboardUrl: string;
  everyMs: number;
  timers?: Timers;
}): Promise<AuthLinkWatcher> {
  const timers = deps.timers ?? realTimers;
  const seen = new Set((await deps.list().catch(() => [])).map((c) => c.oobCode));
  let stopped = false;
  let handle: unknown;
  let running: Promise<void> = Promise.resolve();

  const check = () => {
    running = running.then(async () => {
      const codes = await deps.list().catch(() => []);
      for (const code of codes) {
        if (seen.has(code.oobCode) || stopped) continue;
        seen.add(code.oobCode);
        deps.onLink(describeActionLink(code, deps.dashboardUrl), code);
      }
    });
    return running;
  };
  const arm = () => {
    handle = timers.setTimeout(() => {
      if (stopped) return;
      void check().finally(() => {
        if (!stopped) arm();
      });
    }, deps.everyMs);
  };
  arm();
  return {
    check,
    stop: () => {
      stopped = true;
      timers.clearTimeout(handle);
    },
  };
}
