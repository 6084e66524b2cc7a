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
/** useScheduleInput (composer-shell.tsx) reads the value for the screens that hold it in that hook. */
const SHELL = 'dashboard/features/social/components/composer-shell.tsx';
const readsWithCheck = (source: string) =>
  /import \{[^}]*\bcheckScheduleDate\b[^}]*\} from '@core\/schedule'/.test(source);
const readsWithShell = (source: string) =>
  /import \{[^}]*\buseScheduleInput\b[^}]*\} from '[./]*(components\/)?composer-shell'/.test(
    source,
  );

describe('schedule inputs', () => {
  const files = [...sources('dashboard'), ...sources('entrypoints')].filter((file) =>
    /datetime-local|<ScheduleField\b/.test(readFileSync(join(root, file), 'utf8')),
  );

  it('are found in the dashboard and the side panel', () => {
    expect(files).toContain(DRAWS_ONLY);
    expect(files.some((f) => f.startsWith('entrypoints/'))).toBe(true);
  });

  it('each read their value with checkScheduleDate from core/schedule.ts, directly or through useScheduleInput', () => {
    expect(readsWithCheck(readFileSync(join(root, SHELL), 'utf8'))).toBe(true);
    const offPath = files.filter((file) => {
      const source = readFileSync(join(root, file), 'utf8');
      return file !== DRAWS_ONLY && !readsWithCheck(source) && !readsWithShell(source);
    });
    expect(offPath).toEqual([]);
  });
});
