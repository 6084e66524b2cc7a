import { describe, expect, it } from 'vitest';
import { callableContracts, type CallableName } from './callables';
import { rateLimitOf } from './rate-limits';

// Every callable writes, spends or calls a platform: each has a per-user limit (signed-out callers are
// counted per address), so no loop of calls is free.

describe('the callables’ rate limits', () => {
  const names = Object.keys(callableContracts) as CallableName[];

  it.each(names)('%s has a limit', (name) => {
    const limit = rateLimitOf(name);
    expect(limit).toBeDefined();
    expect(limit!.max).toBeGreaterThan(0);
    expect(limit!.max).toBeLessThanOrEqual(60);
    expect(limit!.windowSeconds).toBeGreaterThanOrEqual(60);
  });
});
