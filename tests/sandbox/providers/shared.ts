import type { ProviderId } from '../hosts';

// Conventions every provider route follows (see ../README.md): a missing key or 'bad-key' is refused the
// way that provider refuses a bad key; 'no-credit-key' is a valid key on an account with no credit left.

export const SANDBOX_KEYS = { bad: 'bad-key', noCredit: 'no-credit-key' } as const;

export type KeyKind = 'missing' | 'bad' | 'no_credit' | 'good';

export function keyKind(key: string | null | undefined): KeyKind {
  const k = key?.trim();
  if (!k) return 'missing';
  if (k === SANDBOX_KEYS.bad) return 'bad';
  if (k === SANDBOX_KEYS.noCredit) return 'no_credit';
  return 'good';
}

export function bearer(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return m?.[1];
}

/** The task named on the system prompt's "Task:" line (functions/src/ai-text/generate-text/prompts.ts). */
export function taskOf(system: string | undefined): string {
  return /^Task: ([a-z_]+)/m.exec(system ?? '')?.[1] ?? 'none';
}

/** Deterministic generated text: tests assert on the provider, the task and the prompt it echoes. */
export function sandboxReply(
  provider: ProviderId,
  model: string,
  system: string | undefined,
  prompt: string,
): string {
  return `Sandbox ${provider} reply (task ${taskOf(system)}, model ${model}): ${prompt}`;
}

export function roughTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

export async function jsonBody(req: {
  json: () => Promise<unknown>;
}): Promise<Record<string, unknown> | undefined> {
  const body = await req.json().catch(() => undefined);
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

let counter = 0;
export function sandboxId(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36).padStart(4, '0')}`;
}

/**
 * A per-key, per-minute request window for the rate-limit headers the AI providers send on every answer
 * (the sandbox counts, it never refuses: a 429 comes from the fault API). `used` counts this request.
 */
export function minuteWindows(): (key: string) => { used: number; resetAt: number } {
  const windows = new Map<string, { used: number; resetAt: number }>();
  return (key) => {
    const now = Date.now();
    let w = windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { used: 0, resetAt: now + 60_000 };
      windows.set(key, w);
    }
    w.used += 1;
    return w;
  };
}
