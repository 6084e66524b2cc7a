// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { toGeneration } from '@core/data/generation';
import { itemsAtom } from '../atoms';

// Adding a library video: the clip lasts as long as the file, so an 8 s clip does not render 10 s.

const probe = vi.hoisted(() => ({ seconds: 8 as number | null, asked: [] as unknown[][] }));
vi.mock('../utils/probe-duration', () => ({
  probeMediaDuration: (...args: unknown[]) => {
    probe.asked.push(args);
    return Promise.resolve(probe.seconds);
  },
}));
const library = [
  {
    id: 'clip',
    data: {
      type: 'video',
      title: 'Harbour clip',
      originalUrl: 'https://files.test/clip.mp4',
      contentType: 'video/mp4',
      sizeBytes: 1_000_000,
    },
  },
];
vi.mock('@/lib/live', () => ({
  useUserQuery: (_build: unknown, convert: typeof toGeneration) => ({
    status: 'success',
    data: library.map((d) => convert(d.id, d.data)),
    retry: () => undefined,
  }),
}));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({}) }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));

const { MediaPanel } = await import('./media-panel');

async function addVideo() {
  const store = createStore();
  render(
    <Provider store={store}>
      <MediaPanel />
    </Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Add Video' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Add Harbour clip' }));
  await waitFor(() => expect(store.get(itemsAtom)).toHaveLength(1));
  return store.get(itemsAtom)[0]!;
}

describe('adding a video to the timeline', () => {
  afterEach(() => {
    cleanup();
    probe.asked = [];
  });

  it("gives the clip the file's own length, read as a video", async () => {
    probe.seconds = 8;
    const clip = await addVideo();
    expect(clip).toMatchObject({ type: 'video', duration: 8 });
    expect(probe.asked).toEqual([['https://files.test/clip.mp4', 'video']]);
  });

  it('falls back to 10 s when the browser cannot tell', async () => {
    probe.seconds = null;
    expect(await addVideo()).toMatchObject({ type: 'video', duration: 10 });
  });
});
