import { ArrowRight, AudioLines, Film, ImageIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@core/routes';
import { Card, CardContent, CardHeader, CardTitle } from '@core/ui/card';
import { cn } from '@core/ui/cn';

const ACTIONS: {
  title: string;
  description: string;
  to: string;
  icon: LucideIcon;
  tint: string;
}[] = [
  {
    title: 'Generate Image',
    description: 'Text or image to image',
    to: paths.createImage,
    icon: ImageIcon,
    tint: 'bg-violet-500/10 text-violet-600 dark:text-violet-300',
  },
  {
    title: 'Create Video',
    description: 'Short clips from a prompt',
    to: paths.createVideo,
    icon: Film,
    tint: 'bg-sky-500/10 text-sky-600 dark:text-sky-300',
  },
  {
    title: 'Generate Audio',
    description: 'Music and voiceovers',
    to: paths.createAudio,
    icon: AudioLines,
    tint: 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-300',
  },
];

export function QuickActions() {
  return (
    <Card role="region" aria-labelledby="quick-actions-title">
      <CardHeader>
        <CardTitle id="quick-actions-title" className="text-base">
          Quick Actions
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {ACTIONS.map((a) => (
            <li key={a.to}>
              <Link
                to={a.to}
                className="group flex items-center gap-3 rounded-lg border px-3 py-2.5 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-md',
                    a.tint,
                  )}
                >
                  <a.icon className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium">{a.title}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {a.description}
                  </span>
                </span>
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
