import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every screen where a user types a schedule time (the dashboard's composers and Edit dialog, YouTube's
// Publish Time, the side panel) turns it into an instant through core/schedule.ts, whose time-zone rules
// core/schedule.test.ts sweeps across both clock changes of 2026. A screen that parsed the value itself
// (the side panel once read it with `new Date(value)`) would escape that sweep; this keeps them on it.

const root = fileURLToPath(new URL('../../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/** ScheduleField only draws the input and hands its value up; the files that use it read the value. */
const DRAWS_ONLY = 'dashboard/features/social/components/schedule-field.tsx';

describe('schedule inputs', () => {
  const files = [...sources('dashboard'), ...sources('entrypoints')].filter((file) => /datetime-local|<ScheduleField\b/.test(readFileSync(join(root, file), 'utf8')));

  it('are found in the dashboard and the side panel', () => {
    expect(files).toContain(DRAWS_ONLY);
    expect(files.some((f) => f.startsWith('entrypoints/'))).toBe(true);
  });

  it('each read their value with checkScheduleDate from core/schedule.ts', () => {
    const offPath = files.filter((file) => file !== DRAWS_ONLY && !/import \{[^}]*\bcheckScheduleDate\b[^}]*\} from '@core\/schedule'/.test(readFileSync(join(root, file), 'utf8')));
    expect(offPath).toEqual([]);
  });
});
