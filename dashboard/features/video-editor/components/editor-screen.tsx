import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { downloadFile, safeFileName } from '@/lib/download';
import { toast } from '@/lib/toast';
import { useLatestRenderJob, withStaleness } from '../api/render-jobs';
import type { VideoProject } from '../api/projects';
import { dirtyAtom, itemsAtom, projectIdAtom, settingsAtom, snapshotAtom } from '../atoms';
import { useAutosaveDraft } from '../hooks/use-autosave-draft';
import { useEditorKeys } from '../hooks/use-editor-keys';
import { useRender, type RenderTimelineFn } from '../hooks/use-render';
import { useSaveProject } from '../hooks/use-save-project';
import type { DraftStorage } from '../utils/draft-storage';
import { CaptionTools } from './caption-tools';
import { EditorTopBar } from './editor-top-bar';
import { MediaPanel } from './media-panel';
import { PreviewPlayer } from './preview-player';
import { ProjectList } from './project-list';
import { ProjectSettingsPanel } from './project-settings';
import { RenderBanner } from './render-banner';
import { ShortcutsDialog } from './shortcuts-dialog';
import { TrackTimeline } from './track-timeline';

export function EditorScreen({
  drafts,
  loadRenderer,
  onProjectCreated,
  onProjectDeleted,
}: {
  drafts: DraftStorage;
  loadRenderer: () => Promise<RenderTimelineFn>;
  onProjectCreated: (id: string) => void;
  onProjectDeleted: (p: VideoProject) => void;
}) {
  const store = useStore();
  const projectId = useAtomValue(projectIdAtom);
  const items = useAtomValue(itemsAtom);
  const settings = useAtomValue(settingsAtom);
  const { save, saving } = useSaveProject(drafts, onProjectCreated);
  const render = useRender(loadRenderer);
  const latest = useLatestRenderJob(projectId);
  const [downloading, setDownloading] = useState(false);
  useAutosaveDraft(drafts);
  const keys = useEditorKeys();
  const { hash } = useLocation();
  // The library's Video Projects link lands on the project list.
  useEffect(() => {
    if (hash === '#projects')
      document.getElementById('projects')?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const latestJob = latest.status === 'success' ? latest.data : null;
  const ownJob = latestJob !== null && render.state.jobId === latestJob.id;
  const job = latestJob && !ownJob ? withStaleness(latestJob, new Date()) : latestJob;
  // While this tab renders, its own progress is fresher than the throttled copy in Firestore.
  const shownJob =
    job && ownJob ? { ...job, progress: Math.max(job.progress, render.state.progress) } : job;

  const onRender = useCallback(async () => {
    // The job belongs to a stored project, and renders what is on screen: unsaved edits are saved first.
    const id =
      store.get(dirtyAtom) || !store.get(projectIdAtom)
        ? await save({ quiet: true })
        : store.get(projectIdAtom);
    if (!id) return;
    const s = store.get(snapshotAtom);
    await render.start(id, s);
  }, [store, save, render]);

  const onDownload = useCallback(async () => {
    if (!job?.outputUrl) return;
    const ext = /\.([a-z0-9]{2,5})$/i.exec(job.outputPath ?? '')?.[1] ?? settings.format;
    setDownloading(true);
    try {
      await downloadFile(
        job.outputUrl,
        safeFileName(store.get(snapshotAtom).title, `.${ext}`, 'video'),
      );
      toast({ title: 'Download started', description: 'Your video will be downloaded shortly.' });
    } catch (error) {
      console.warn('render download failed', error);
      toast({
        title: 'Download failed',
        description: 'There was an error downloading your file.',
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  }, [job, settings.format, store]);

  return (
    <div className="space-y-4">
      <h1 className="sr-only">Video Editor</h1>
      <EditorTopBar
        saving={saving}
        onSave={() => void save()}
        renderDisabled={items.length === 0 || render.submitting || render.rendering || saving}
        rendering={render.submitting || render.rendering}
        onRender={() => void onRender()}
        downloadable={job?.status === 'completed' && !!job.outputUrl}
        downloading={downloading}
        onDownload={() => void onDownload()}
      />
      {shownJob ? (
        <RenderBanner
          job={shownJob}
          stage={ownJob ? render.state.stage : null}
          etaSec={ownJob ? render.state.etaSec : null}
          onCancel={ownJob ? render.cancel : null}
        />
      ) : null}
      {/* Phones: one column. Laptops: media and settings left of the preview. Wide screens: settings on the right. */}
      <div className="grid items-start gap-4 lg:grid-cols-[260px_minmax(0,1fr)] lg:grid-rows-[auto_1fr] 2xl:grid-cols-[260px_minmax(0,1fr)_300px]">
        <div className="lg:col-start-1 lg:row-start-1">
          <MediaPanel />
        </div>
        <div className="min-w-0 space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 2xl:row-span-1">
          <PreviewPlayer />
          <TrackTimeline onShowShortcuts={keys.openOverlay} />
          <CaptionTools />
        </div>
        <div className="lg:col-start-1 lg:row-start-2 2xl:col-start-3 2xl:row-start-1">
          <ProjectSettingsPanel />
        </div>
      </div>
      <ProjectList currentId={projectId} onDeleted={onProjectDeleted} />
      <ShortcutsDialog
        open={keys.overlay}
        keymap={keys.keymap}
        onRebind={keys.onRebind}
        onReset={keys.onReset}
        onClose={keys.closeOverlay}
      />
    </div>
  );
}
