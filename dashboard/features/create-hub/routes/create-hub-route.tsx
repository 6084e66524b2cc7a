import {
  ArrowRight,
  AudioLines,
  Clapperboard,
  Film,
  ImageIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@core/routes';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@core/ui/cn';

const TOOLS: { title: string; description: string; to: string; icon: LucideIcon; tint: string }[] =
  [
    {
      title: 'Image Generation',
      description: 'Turn a prompt or a reference image into a finished picture.',
      to: paths.createImage,
      icon: ImageIcon,
      tint: 'from-violet-500/15 to-fuchsia-500/10 text-violet-600 dark:text-violet-300',
    },
    {
      title: 'Video Generation',
      description: 'Generate short cinematic clips from a description.',
      to: paths.createVideo,
      icon: Film,
      tint: 'from-sky-500/15 to-cyan-500/10 text-sky-600 dark:text-sky-300',
    },
    {
      title: 'Audio Generation',
      description: 'Compose music or record a voiceover from text.',
      to: paths.createAudio,
      icon: AudioLines,
      tint: 'from-emerald-500/15 to-teal-500/10 text-emerald-600 dark:text-emerald-300',
    },
    {
      title: 'Video Editor',
      description: 'Cut clips, add titles and audio, and render in your browser.',
      to: paths.createEditor,
      icon: Clapperboard,
      tint: 'from-amber-500/15 to-orange-500/10 text-amber-600 dark:text-amber-300',
    },
  ];

export function CreateHubRoute() {
  return (
    <div className="space-y-6">
      <PageHeader title="Create" description="Pick a tool to start something new." />
      <ul className="grid gap-4 sm:grid-cols-2">
        {TOOLS.map((tool) => (
          <li key={tool.to}>
            <Link
              to={tool.to}
              className="group flex h-full flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-12 items-center justify-center rounded-xl bg-gradient-to-br',
                  tool.tint,
                )}
              >
                <tool.icon className="size-6" />
              </span>
              <span className="space-y-1.5">
                <span className="flex items-center gap-2 text-lg font-semibold">
                  {tool.title}
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 text-muted-foreground opacity-0 transition-all group-hover:translate-x-0.5 group-hover:opacity-100 group-focus-visible:opacity-100"
                  />
                </span>
                <span className="block text-sm text-muted-foreground">{tool.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
