import { describe, expect, it } from 'vitest';
import { JobInterrupted } from '../executor';
import { musicProviderPrompt } from './audio';
import { withHeartbeat } from './heartbeat';
import { videoProviderPrompt } from './video';

describe('provider prompts', () => {
  it.each([
    ['cinematic', 'waves, cinematic style'],
    ['anime', 'waves, anime style'],
    ['3d', 'waves, 3D animated style'],
    ['realistic', 'waves, photorealistic style'],
  ] as const)('a %s video folds its style into the prompt', (style, prompt) => {
    expect(videoProviderPrompt({ prompt: ' waves ', style })).toBe(prompt);
  });

  it('music carries its genre in the prompt', () => {
    expect(musicProviderPrompt({ prompt: 'calm pads ', durationSeconds: 30, genre: 'jazz' })).toBe(
      'calm pads. Genre: jazz.',
    );
  });
});

describe('withHeartbeat', () => {
  it('reports progress while the call runs and returns its result', async () => {
    const reports: number[] = [];
    const result = await withHeartbeat(
      { report: async ({ progress }) => void reports.push(progress ?? -1) },
      { everyMs: 5, progress: () => 42, statusText: 'Working' },
      () => new Promise<string>((resolve) => setTimeout(() => resolve('done'), 40)),
    );
    expect(result).toBe('done');
    expect(reports.length).toBeGreaterThan(0);
    expect(new Set(reports)).toEqual(new Set([42]));
  });

  it('aborts the call and rethrows when the job is cancelled meanwhile', async () => {
    let aborted = false;
    const run = withHeartbeat(
      {
        report: async () => {
          throw new JobInterrupted('cancelled');
        },
      },
      { everyMs: 5, progress: () => 0, statusText: 'Working' },
      (signal) =>
        new Promise<string>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    );
    await expect(run).rejects.toBeInstanceOf(JobInterrupted);
    expect(aborted).toBe(true);
  });
});
