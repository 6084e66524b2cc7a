// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { useAtomValue } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editorFixHref } from '@core/editor/fix-link';

// The editor opened from a composer's preset link (core/editor/fix-link.ts): the project starts in the
// channel's preset, with the video on the main track or, from "Make a video for <channel>", with none. The
// editor screen is stood in for by what it would read from the store.

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ db: {} }) }));
vi.mock('@/config/env', () => ({ getEnv: () => ({ storageBucket: 'demo.appspot.com' }) }));
vi.mock('../components/editor-screen', async () => {
  const atoms = await import('../atoms');
  const { madeForAtom, madeForShown } = await import('../made-for');
  return {
    EditorScreen: () => {
      const settings = useAtomValue(atoms.settingsAtom);
      const items = useAtomValue(atoms.itemsAtom);
      const madeFor = madeForShown(useAtomValue(madeForAtom), settings);
      return (
        <dl>
          <dt>Title</dt>
          <dd>{useAtomValue(atoms.titleAtom)}</dd>
          <dt>Settings</dt>
          <dd>{`${settings.aspectRatio} ${settings.resolution.width}x${settings.resolution.height} ${settings.fps} fps`}</dd>
          <dt>Clips</dt>
          <dd>
            {items
              .map((i) => `${i.type} ${i.track} ${'url' in i.settings ? i.settings.url : ''}`)
              .join('; ') || 'none'}
          </dd>
          <dt>Made for</dt>
          <dd>{madeFor ?? 'none'}</dd>
        </dl>
      );
    },
  };
});

const { EditorRoute } = await import('./editor-route');

function open(href: string) {
  render(
    <MemoryRouter initialEntries={[href]}>
      <EditorRoute />
    </MemoryRouter>,
  );
  const shown = Object.fromEntries(
    screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
  );
  return { shown, status: screen.queryByRole('status')?.textContent ?? null };
}

const ownClip = {
  url: 'https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/u1%2Fgenerations%2Fclip.mp4?alt=media&token=t',
  name: 'Harbour clip',
  generationId: 'clip',
  durationSeconds: 45,
};

describe('the editor opened from a preset link', () => {
  afterEach(cleanup);

  it('opens a new, empty project in the channel’s default preset when no video is given', () => {
    const { shown, status } = open(
      editorFixHref({ preset: 'hd-portrait', channel: 'youtube-shorts' }),
    );
    expect(shown).toEqual({
      Title: 'Video for YouTube Shorts',
      Settings: '9:16 1080x1920 30 fps',
      Clips: 'none',
      'Made for': 'YouTube Shorts',
    });
    expect(status).toBe(
      'Opened with the HD vertical preset (1080x1920, 30 fps, MP4 H.264). Add your clips, then Render to export a file the channel takes.',
    );
  });

  it('puts the video on the main track in the chosen preset', () => {
    const { shown } = open(
      editorFixHref({ preset: 'hd-feed-portrait', channel: 'linkedin', media: ownClip }),
    );
    expect(shown).toEqual({
      Title: 'Harbour clip (LinkedIn)',
      Settings: '4:5 1080x1350 30 fps',
      Clips: `video main ${ownClip.url}`,
      'Made for': 'LinkedIn',
    });
  });

  it.each([
    ['another site', 'https://files.test/clip.mp4'],
    ["another user's file", ownClip.url.replace('u1%2F', 'u2%2F')],
  ])('puts no file from %s in a project', (_case, url) => {
    const { shown } = open(
      editorFixHref({
        preset: 'hd-feed-portrait',
        channel: 'linkedin',
        media: { ...ownClip, url },
      }),
    );
    expect(shown.Clips).toBe('none');
    expect(JSON.stringify(shown)).not.toContain(url);
  });
});
