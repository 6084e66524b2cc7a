// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectSettings } from '@core/editor/model';
import type * as RenderJobs from '../api/render-jobs';

// Each render of a project is a library video of its own, named apart: "Trip (render 1)", "Trip (render 2)".

const store = vi.hoisted(() => ({
  jobs: new Map<string, { projectId: string; status: string }>(),
  titles: [] as string[],
}));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ db: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: () => undefined }));
vi.mock('../render/render-files', () => ({ sweepRenderFiles: () => Promise.resolve() }));
vi.mock('@/lib/library-upload', () => ({
  uploadToLibrary: (_uid: string, _folder: string, _blob: Blob, options: { title: string }) => {
    store.titles.push(options.title);
    return Promise.resolve({
      id: `g${store.titles.length}`,
      url: 'https://files.test/r.mp4',
      storagePath: `u1/renders/r${store.titles.length}.mp4`,
    });
  },
}));
vi.mock('../api/render-jobs', async (real) => ({
  ...(await real<typeof RenderJobs>()),
  createRenderJob: (_db: unknown, _uid: string, projectId: string) => {
    const id = `j${store.jobs.size + 1}`;
    store.jobs.set(id, { projectId, status: 'processing' });
    return Promise.resolve(id);
  },
  updateRenderJob: (_db: unknown, _uid: string, id: string, patch: { status: string }) => {
    store.jobs.get(id)!.status = patch.status;
    return Promise.resolve();
  },
  countCompletedRenders: (_db: unknown, _uid: string, projectId: string) =>
    Promise.resolve(
      [...store.jobs.values()].filter((j) => j.projectId === projectId && j.status === 'completed')
        .length,
    ),
}));

const { useRender } = await import('./use-render');

const settings: ProjectSettings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
};
const renderer = () =>
  Promise.resolve(() =>
    Promise.resolve({
      blob: new Blob(['v'], { type: 'video/mp4' }),
      mimeType: 'video/mp4',
      extension: 'mp4',
    }),
  );

describe('useRender', () => {
  it('names each render of a project apart in the library', async () => {
    const { result } = renderHook(() => useRender(renderer));
    for (const project of ['p1', 'p1', 'p2', 'p1'])
      await act(() =>
        result.current.start(project, { items: [], settings, title: `Trip ${project}` }),
      );
    expect(store.titles).toEqual([
      'Trip p1 (render 1)',
      'Trip p1 (render 2)',
      'Trip p2 (render 1)',
      'Trip p1 (render 3)',
    ]);
  });
});
