import { BufferTarget } from 'mediabunny';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openOutputSpool } from './output-spool';

// Where the OPFS file system is missing or refuses, the export is muxed in memory as before
// (tests/media/render-opfs.test.ts checks the OPFS path in Chromium).

afterEach(() => vi.unstubAllGlobals());

describe('openOutputSpool', () => {
  it('keeps the file in memory when asked to', async () => {
    const spool = await openOutputSpool('render-a.mp4', false);
    expect(spool.kind).toBe('memory');
    expect(spool.target).toBeInstanceOf(BufferTarget);
  });

  it('keeps the file in memory without navigator.storage.getDirectory', async () => {
    vi.stubGlobal('navigator', { storage: {} });
    expect((await openOutputSpool('render-b.mp4')).kind).toBe('memory');
  });

  it('keeps the file in memory, and removes the empty entry, without createWritable', async () => {
    const removeEntry = vi.fn(() => Promise.resolve());
    const dir = { getFileHandle: () => Promise.resolve({ getFile: vi.fn() }), removeEntry };
    vi.stubGlobal('navigator', {
      storage: {
        getDirectory: () => Promise.resolve({ getDirectoryHandle: () => Promise.resolve(dir) }),
      },
    });
    expect((await openOutputSpool('render-c.mp4')).kind).toBe('memory');
    expect(removeEntry).toHaveBeenCalledWith('render-c.mp4');
  });
});
