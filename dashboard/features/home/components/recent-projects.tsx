import { AudioLines, Film, FolderOpen, ImageIcon, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DASHBOARD_RECENT_PROJECTS } from '@core/constants';
import { paths } from '@core/routes';
import type { GenerationType } from '@core/schemas';
import { buttonClasses } from '@core/ui/button';
import { Skeleton } from '@core/ui/skeleton';
import { cn } from '@core/ui/cn';
import { pictureOf, type Generation } from '@core/data/generation';
import { useRecentProjects } from '../api/get-recent-projects';
import { formatRelativeTime } from '@/lib/relative-time';
import { useNow } from '@/lib/use-now';

const TYPE_ICONS: Record<GenerationType, LucideIcon> = {
  image: ImageIcon,
  video: Film,
  audio: AudioLines,
};
const TYPE_LABELS: Record<GenerationType, string> = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
};
const TYPE_TINTS: Record<GenerationType, string> = {
  image: 'from-violet-500/15 to-fuchsia-500/10 text-violet-600 dark:text-violet-300',
  video: 'from-sky-500/15 to-cyan-500/10 text-sky-600 dark:text-sky-300',
  audio: 'from-emerald-500/15 to-teal-500/10 text-emerald-600 dark:text-emerald-300',
};

function ProjectCard({ project, now }: { project: Generation; now: Date }) {
  const Icon = TYPE_ICONS[project.type];
  const [broken, setBroken] = useState(false);
  const picture = pictureOf(project);
  return (
    <li>
      <Link
        to={paths.library}
        className="group block overflow-hidden rounded-xl border bg-card transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <div
          className={cn(
            'flex aspect-video items-center justify-center overflow-hidden bg-muted bg-gradient-to-br',
            TYPE_TINTS[project.type],
          )}
        >
          {picture && !broken ? (
            <img
              src={picture}
              alt=""
              loading="lazy"
              onError={() => setBroken(true)}
              className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
            />
          ) : (
            <Icon aria-hidden="true" className="size-8 opacity-80" />
          )}
        </div>
        <div className="space-y-0.5 p-3">
          <p className="truncate text-sm font-medium" title={project.title}>
            {project.title}
          </p>
          <p className="text-xs text-muted-foreground">
            {TYPE_LABELS[project.type]}
            {project.createdAt ? (
              <>
                {' · '}
                <time
                  dateTime={project.createdAt.toISOString()}
                  title={project.createdAt.toLocaleString()}
                >
                  {formatRelativeTime(project.createdAt, now)}
                </time>
              </>
            ) : null}
          </p>
        </div>
      </Link>
    </li>
  );
}

export function RecentProjects() {
  const state = useRecentProjects();
  const now = useNow(60_000);
  return (
    <section
      aria-labelledby="recent-projects-title"
      aria-busy={state.status === 'loading' || undefined}
      className="space-y-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="recent-projects-title" className="text-lg font-semibold tracking-tight">
          Recent Projects
        </h2>
        <Link
          to={paths.library}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          View library
        </Link>
      </div>
      {state.status === 'loading' ? (
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {Array.from({ length: DASHBOARD_RECENT_PROJECTS }, (_, i) => (
            <div key={i} className="overflow-hidden rounded-xl border">
              <Skeleton className="aspect-video rounded-none" />
              <div className="space-y-2 p-3">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      ) : state.status === 'error' ? (
        <p
          role="alert"
          className="rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-6 text-center text-sm text-destructive"
        >
          Couldn't load your recent projects. {state.error.message}
        </p>
      ) : state.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center">
          <FolderOpen aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">No recent projects</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Images, videos and audio you generate will show up here.
          </p>
          <Link to={paths.create} className={buttonClasses('outline', 'sm')}>
            Start creating
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {state.data.map((project) => (
            <ProjectCard key={project.id} project={project} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
