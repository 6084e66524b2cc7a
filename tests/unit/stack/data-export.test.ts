import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPORT_INTERVAL_MS,
  realProvidersCrashWarning,
} from '../../../scripts/stack/data-export';

describe('what npm start says with real providers', () => {
  it('says plainly that a crash can post again what went out since the last save, and how long that is', () => {
    const words = realProvidersCrashWarning(DEFAULT_EXPORT_INTERVAL_MS);
    expect(words).toContain('last 30 s');
    expect(words).toContain('posted again on the real platform');
    expect(realProvidersCrashWarning(5000)).toContain('last 5 s');
  });
});
