import { Clapperboard, FolderOpen, Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@core/routes';
import { Button, buttonClasses } from '@core/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAuth } from '@/lib/auth';
import { cn } from '@core/ui/cn';
import { getFirebase } from '@/lib/firebase';
import { formatRelativeTime } from '@/lib/relative-time';
import { toast } from '@/lib/toast';
import { deleteProject, useProjects, type VideoProject } from '../api/projects';
import { formatTime, totalDuration } from '../model/timeline';

function DeleteProjectDialog({
  project,
  onClose,
  onDeleted,
}: {
  project: VideoProject | null;
  onClose: () => void;
  onDeleted: (p: VideoProject) => void;
}) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!project || !user) return;
    setBusy(true);
    try {
      await deleteProject(getFirebase().db, user.uid, project.id);
      onDeleted(project);
      onClose();
      toast({
        title: 'Project deleted',
        description: 'The project has been successfully deleted.',
      });
    } catch (error) {
      console.warn('deleteProject failed', error);
      toast({
        title: 'Delete failed',
        description: 'There was an error deleting your project.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={project !== null}
      title="Are you sure?"
      description="This action cannot be undone. This will permanently delete your project."
      confirmLabel="Delete"
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {project ? (
        <p className="mt-3 truncate rounded-md bg-muted px-3 py-2 text-sm font-medium">
          {project.title}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

/** The user's saved video projects: open one, or delete it after the confirmation. */
export function ProjectList({
  currentId,
  onDeleted,
}: {
  currentId: string | null;
  onDeleted: (p: VideoProject) => void;
}) {
  const projects = useProjects();
  const [target, setTarget] = useState<VideoProject | null>(null);
  const now = new Date();
  return (
    <section
      id="projects"
      aria-labelledby="projects-heading"
      className="scroll-mt-20 rounded-xl border bg-card p-4 shadow-sm"
    >
      <h2 id="projects-heading" className="mb-3 font-semibold">
        Your Projects
      </h2>
      {projects.status === 'loading' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading projects...
        </p>
      ) : projects.status === 'error' ? (
        <p role="alert" className="text-sm text-destructive">
          Couldn't load your projects. {projects.error.message}
        </p>
      ) : projects.data.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <FolderOpen className="size-4" aria-hidden="true" /> No saved projects yet. Save this one
          to find it here later.
        </p>
      ) : (
        <ul aria-label="Saved projects" className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {projects.data.map((p) => (
            <li
              key={p.id}
              aria-label={p.title}
              className={cn(
                'flex min-w-0 items-center gap-3 rounded-lg border p-2',
                p.id === currentId && 'border-primary ring-1 ring-primary',
              )}
            >
              <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted">
                {p.thumbnailUrl ? (
                  <img
                    src={p.thumbnailUrl}
                    alt=""
                    className="size-full object-cover"
                    loading="lazy"
                  />
                ) : (
                  <Clapperboard className="size-5 text-muted-foreground" aria-hidden="true" />
                )}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={p.title}>
                  {p.title}
                </p>
                <p className="truncate text-xs text-muted-foreground">
                  {p.items.length} {p.items.length === 1 ? 'clip' : 'clips'} ·{' '}
                  {formatTime(totalDuration(p.items))}
                  {p.updatedAt ? ` · ${formatRelativeTime(p.updatedAt, now)}` : ''}
                </p>
              </div>
              {p.id === currentId ? (
                <span className="px-2 text-xs font-medium text-primary">Open</span>
              ) : (
                <Link
                  to={`${paths.createEditor}?project=${encodeURIComponent(p.id)}`}
                  className={buttonClasses('outline', 'sm')}
                  aria-label={`Open ${p.title}`}
                >
                  Open
                </Link>
              )}
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
                onClick={() => setTarget(p)}
                aria-label={`Delete ${p.title}`}
                title="Delete"
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <DeleteProjectDialog project={target} onClose={() => setTarget(null)} onDeleted={onDeleted} />
    </section>
  );
}
