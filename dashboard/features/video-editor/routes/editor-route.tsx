import { Provider } from 'jotai';
import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { readEditorFix, presetSettings } from '@core/editor/fix-link';
import { EXPORT_PRESET_FPS, exportPresets, mediaTargetLabels } from '@core/platforms/media-rules';
import { paths } from '@core/routes';
import { Button, buttonClasses } from '@core/ui/button';
import { getEnv } from '@/config/env';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import { getProject, type VideoProject } from '../api/projects';
import { createEditorStore, projectIdAtom, type EditorStore } from '../atoms';
import { madeForAtom } from '../made-for';
import { EditorScreen } from '../components/editor-screen';
import { createClip } from '../model/timeline';
import type { RenderTimelineFn } from '../hooks/use-render';
import { createDraftStorage } from '../utils/draft-storage';

// /create/editor opens a new project (restoring its unsaved draft); /create/editor?project=<id> opens a
// stored one, with its local draft on top when there is one. Each project gets a fresh editor store.
// /create/editor?preset=<id>&channel=<target>&media=<url>... (a composer's "Fix in editor" or "Edit for <channel>",
// core/editor/fix-link.ts) opens a new project with that file on the main track and the channel's export preset
// as its settings; without media ("Make a video for <channel>") the preset with an empty timeline.

type Session =
  | { status: 'loading'; key: string }
  | { status: 'missing' | 'error'; key: string; message: string }
  | { status: 'ready'; key: string; store: EditorStore };

// The render engine (ffmpeg.wasm, WebCodecs muxing) is its own chunk, loaded on the first Render.
const loadRenderer = (): Promise<RenderTimelineFn> =>
  import('../render/render-timeline').then((m) => m.renderTimeline);

export function EditorRoute() {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const projectParam = params.get('project');
  // Read once: after the first Save the address gains ?project=<id> and the fix has done its work. Its
  // media opens only when it is one of this user's own Storage files (core/editor/fix-link.ts).
  const [fixParams] = useState(() => (projectParam ? null : new URLSearchParams(params)));
  const fix = useMemo(() => {
    if (!fixParams || !uid) return null;
    const { storageBucket, emulators } = getEnv();
    return readEditorFix(fixParams, { uid, storageBucket, emulators });
  }, [fixParams, uid]);
  const drafts = useMemo(() => createDraftStorage(), []);
  const [attempt, setAttempt] = useState(0);
  const wanted = `${uid}|${projectParam ?? ''}|${attempt}`;
  const [session, setSession] = useState<Session>({ status: 'loading', key: '' });

  // Read inside the effect without re-running it: a state change must not cancel the load it started.
  const current = useRef(session);
  useEffect(() => {
    current.current = session;
  });

  useEffect(() => {
    if (!uid) return;
    const open = current.current;
    // The open store already is the wanted project (after the first Save the URL gains ?project=<id> for
    // the store on screen): keep it, and its undo history. Any other project gets a fresh store.
    if (
      open.status === 'ready' &&
      open.store.get(projectIdAtom) === (projectParam ?? null) &&
      open.key.endsWith(`|${attempt}`)
    )
      return;
    let cancelled = false;
    if (!projectParam && fix) {
      const media = fix.media;
      const items = media
        ? [
            createClip(
              'video',
              crypto.randomUUID().replace(/-/g, '').slice(0, 20),
              {
                url: media.url,
                name: media.name,
                ...(media.generationId ? { generationId: media.generationId } : {}),
              },
              media.durationSeconds ?? undefined,
            ),
          ]
        : [];
      const made = fix.channel ? mediaTargetLabels[fix.channel] : exportPresets[fix.preset].label;
      const title = (media ? `${media.name || 'Video'} (${made})` : `Video for ${made}`).slice(
        0,
        200,
      );
      const store = createEditorStore({ title, items, settings: presetSettings(fix.preset) });
      if (fix.channel)
        store.set(madeForAtom, {
          channel: mediaTargetLabels[fix.channel],
          settings: presetSettings(fix.preset),
        });
      setSession({ status: 'ready', key: wanted, store });
      return;
    }
    if (!projectParam) {
      const draft = drafts.read(uid, null);
      setSession({
        status: 'ready',
        key: wanted,
        store: createEditorStore(
          draft ? { title: draft.title, items: draft.items, settings: draft.settings } : {},
        ),
      });
      return;
    }
    setSession({ status: 'loading', key: wanted });
    getProject(getFirebase().db, uid, projectParam)
      .then((project) => {
        if (cancelled) return;
        if (!project) {
          setSession({
            status: 'missing',
            key: wanted,
            message: 'This project does not exist or was deleted.',
          });
          return;
        }
        const saved = { title: project.title, items: project.items, settings: project.settings };
        const draft = drafts.read(uid, project.id);
        const content = draft
          ? { title: draft.title, items: draft.items, settings: draft.settings }
          : saved;
        setSession({
          status: 'ready',
          key: wanted,
          store: createEditorStore({ ...content, projectId: project.id, saved }),
        });
      })
      .catch(
        (error: Error) =>
          !cancelled && setSession({ status: 'error', key: wanted, message: error.message }),
      );
    return () => {
      cancelled = true;
    };
  }, [uid, projectParam, attempt, wanted, drafts, fix]);

  const onProjectCreated = useCallback(
    (id: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('project', id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const onProjectDeleted = useCallback(
    (project: VideoProject) => {
      if (uid) drafts.clear(uid, project.id);
      if (project.id === projectParam) navigate(paths.createEditor, { replace: true });
    },
    [uid, drafts, projectParam, navigate],
  );

  if (session.status === 'loading' || !uid)
    return (
      <p
        role="status"
        className="flex min-h-64 items-center justify-center gap-2 text-muted-foreground"
      >
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading project...
      </p>
    );
  if (session.status !== 'ready')
    return (
      <div
        role="alert"
        className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-10 text-center text-sm text-destructive"
      >
        <p>
          {session.status === 'missing'
            ? session.message
            : `Couldn't open this project. ${session.message}`}
        </p>
        <div className="flex gap-2">
          {session.status === 'error' ? (
            <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          ) : null}
          <Link to={paths.createEditor} className={buttonClasses('outline', 'sm')}>
            Start a new project
          </Link>
        </div>
      </div>
    );
  const preset = fix && !projectParam ? exportPresets[fix.preset] : null;
  return (
    <Provider key={session.key} store={session.store}>
      {preset ? (
        <p role="status" className="mb-4 rounded-lg border bg-muted/50 px-3 py-2 text-sm">
          Opened with the {preset.label} preset ({preset.width}x{preset.height}, {EXPORT_PRESET_FPS}{' '}
          fps, MP4 H.264).{' '}
          {fix?.media
            ? 'Trim it if it is too long, then Render to export a file the channel takes.'
            : 'Add your clips, then Render to export a file the channel takes.'}
        </p>
      ) : null}
      <EditorScreen
        drafts={drafts}
        loadRenderer={loadRenderer}
        onProjectCreated={onProjectCreated}
        onProjectDeleted={onProjectDeleted}
      />
    </Provider>
  );
}
