import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdRenderLock, renderLockName, sweepRenderFiles } from './render-files';

// The sweep deletes an export file only while it holds the file's Web Lock itself, so a file another tab
// holds is never touched (tests/media/render-opfs-sweep.test.ts checks it with real tabs in Chromium).
// A fake LockManager (exclusive locks, `ifAvailable`) and a fake render directory stand in here.

afterEach(() => vi.unstubAllGlobals());

function fakeBrowser(names: string[]) {
  const held = new Set<string>();
  const files = new Set(names);
  const locks = {
    async request(
      name: string,
      opts: { ifAvailable?: boolean },
      callback: (lock: { name: string } | null) => Promise<unknown>,
    ) {
      if (held.has(name)) {
        if (opts.ifAvailable) return callback(null);
        throw new Error('the fake does not queue');
      }
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
  const dir = {
    async *keys() {
      yield* [...files];
    },
    removeEntry: async (name: string) => void files.delete(name),
  };
  vi.stubGlobal('navigator', {
    locks,
    storage: { getDirectory: async () => ({ getDirectoryHandle: async () => dir }) },
  });
  return { files, held };
}

describe('sweepRenderFiles', () => {
  it('deletes the files whose lock no one holds and keeps a held one with its swap file', async () => {
    const { files } = fakeBrowser([
      'render-a.mp4',
      'render-b.webm',
      'render-b.webm.crswap',
      'render-c.mp4.crswap',
    ]);
    const release = await holdRenderLock('render-b.webm');

    expect((await sweepRenderFiles()).sort()).toEqual(['render-a.mp4', 'render-c.mp4.crswap']);
    expect([...files].sort()).toEqual(['render-b.webm', 'render-b.webm.crswap']);

    release!();
    expect((await sweepRenderFiles()).sort()).toEqual(['render-b.webm', 'render-b.webm.crswap']);
  });

  it('deletes nothing without Web Locks', async () => {
    const { files } = fakeBrowser(['render-a.mp4']);
    vi.stubGlobal('navigator', { storage: navigator.storage });
    expect(await sweepRenderFiles()).toEqual([]);
    expect(await holdRenderLock('render-a.mp4')).toBeNull();
    expect([...files]).toEqual(['render-a.mp4']);
  });
});

it('names one lock for a file and its swap file', () => {
  expect(renderLockName('render-x.mp4.crswap')).toBe(renderLockName('render-x.mp4'));
  expect(renderLockName('render-x.mp4')).toBe('muse-renders/render-x.mp4');
});
