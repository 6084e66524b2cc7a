import type { KeyTestStatus } from '@core/integrations';

export type VerdictTone = 'success' | 'warning' | 'danger' | 'muted';

/** The Test button's answer in words; the server's message says what to do next. */
export const keyVerdicts: Record<KeyTestStatus, { title: string; tone: VerdictTone }> = {
  ok: { title: 'Works', tone: 'success' },
  invalid: { title: 'Invalid key', tone: 'danger' },
  no_credit: { title: 'Out of credit', tone: 'warning' },
  rate_limited: { title: 'Rate limited', tone: 'warning' },
  unavailable: { title: 'Unavailable', tone: 'muted' },
};

export function keyVerdict(status: KeyTestStatus): { title: string; tone: VerdictTone } {
  return keyVerdicts[status];
}
