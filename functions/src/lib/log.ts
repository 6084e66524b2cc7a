import { logger } from 'firebase-functions/v2';

// Keys whose values never reach the logs, whatever object they sit in.
const SECRET_KEY = /(key|secret|token|password|authorization|credential)/i;

/** Returns a copy safe to log: secret-looking fields keep only their last 4 characters. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      SECRET_KEY.test(k) && typeof v === 'string' ? maskString(v) : maskSecrets(v, depth + 1);
  }
  return out;
}

function maskString(s: string): string {
  return s.length <= 4 ? '****' : `****${s.slice(-4)}`;
}

export const log = {
  info: (message: string, data?: Record<string, unknown>) =>
    logger.info(message, maskSecrets(data ?? {})),
  warn: (message: string, data?: Record<string, unknown>) =>
    logger.warn(message, maskSecrets(data ?? {})),
  error: (message: string, data?: Record<string, unknown>) =>
    logger.error(message, maskSecrets(data ?? {})),
};
