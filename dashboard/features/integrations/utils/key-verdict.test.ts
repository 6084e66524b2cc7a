import { describe, expect, it } from 'vitest';
import { keyTestStatuses } from '@core/integrations';
import { keyVerdict } from './key-verdict';

describe('the key test verdict', () => {
  it.each([
    ['ok', 'Works', 'success'],
    ['invalid', 'Invalid key', 'danger'],
    ['no_credit', 'Out of credit', 'warning'],
    ['rate_limited', 'Rate limited', 'warning'],
    ['unavailable', 'Unavailable', 'muted'],
  ] as const)('says %s in words: %s', (status, title, tone) => {
    expect(keyVerdict(status)).toEqual({ title, tone });
  });

  it('has words for every status the server can answer', () => {
    for (const status of keyTestStatuses) expect(keyVerdict(status).title).not.toBe('');
  });
});
