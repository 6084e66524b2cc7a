import type { LucideIcon } from 'lucide-react';
import {
  AudioLines,
  CalendarDays,
  Clapperboard,
  Film,
  ImageIcon,
  LayoutDashboard,
  Library,
  PenSquare,
  Plug,
  Settings,
  Share2,
  WandSparkles,
} from 'lucide-react';
import { paths } from '@core/routes';

export interface NavSubItem {
  title: string;
  url: string;
  icon?: LucideIcon;
}

export interface NavItem {
  title: string;
  url: string;
  icon: LucideIcon;
  items?: NavSubItem[];
}

export const NAV_ITEMS: NavItem[] = [
  { title: 'Dashboard', url: paths.home, icon: LayoutDashboard },
  {
    title: 'Create',
    url: paths.create,
    icon: WandSparkles,
    items: [
      { title: 'Image Generation', url: paths.createImage, icon: ImageIcon },
      { title: 'Video Generation', url: paths.createVideo, icon: Film },
      { title: 'Audio Generation', url: paths.createAudio, icon: AudioLines },
      { title: 'Video Editor', url: paths.createEditor, icon: Clapperboard },
    ],
  },
  {
    title: 'Social Media',
    url: paths.social,
    icon: Share2,
    items: [
      { title: 'X/Twitter', url: paths.socialX },
      { title: 'LinkedIn', url: paths.socialLinkedin },
      { title: 'Reddit', url: paths.socialReddit },
      { title: 'YouTube', url: paths.socialYoutube },
    ],
  },
  { title: 'Compose', url: paths.compose, icon: PenSquare },
  { title: 'Calendar', url: paths.calendar, icon: CalendarDays },
  { title: 'Library', url: paths.library, icon: Library },
  { title: 'Integrations', url: paths.integrations, icon: Plug },
];

/** Pinned at the sidebar's foot, outside the list's scroll, so it is in reach on any screen height. */
export const FOOT_NAV_ITEMS: NavItem[] = [
  { title: 'Settings', url: paths.settings, icon: Settings },
];

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * Whether a sidebar entry is the current one. Dashboard ('/') only on exactly '/'; any other entry
 * when the path is its url or lies under it ('/create' covers '/create/image', not '/created').
 */
export function isNavItemActive(pathname: string, url: string): boolean {
  const path = trimSlash(pathname);
  const target = trimSlash(url);
  if (target === '/') return path === '/';
  return path === target || path.startsWith(`${target}/`);
}

/** aria-current for an entry: 'page' on its own page, 'true' on a page inside its section. */
export function navItemCurrent(pathname: string, url: string): 'page' | 'true' | undefined {
  if (!isNavItemActive(pathname, url)) return undefined;
  return trimSlash(pathname) === trimSlash(url) ? 'page' : 'true';
}

export interface Crumb {
  title: string;
  url: string;
}

const EXTRA_CRUMBS: Record<string, Crumb[]> = {
  [paths.settingsPlan]: [
    { title: 'Settings', url: paths.settings },
    { title: 'Plan Settings', url: paths.settingsPlan },
  ],
  [paths.socialYoutubeCallback]: [
    { title: 'Social Media', url: paths.social },
    { title: 'YouTube', url: paths.socialYoutube },
  ],
  [paths.socialRedditCallback]: [
    { title: 'Social Media', url: paths.social },
    { title: 'Reddit', url: paths.socialReddit },
  ],
};

/** The trail shown in the top bar: the section, then the page inside it when there is one. */
export function breadcrumbsFor(pathname: string): Crumb[] {
  const path = trimSlash(pathname);
  const extra = EXTRA_CRUMBS[path];
  if (extra) return extra;
  for (const item of [...NAV_ITEMS, ...FOOT_NAV_ITEMS]) {
    if (!isNavItemActive(path, item.url)) continue;
    const trail: Crumb[] = [{ title: item.title, url: item.url }];
    const sub = item.items?.find((s) => isNavItemActive(path, s.url));
    if (sub) trail.push({ title: sub.title, url: sub.url });
    return trail;
  }
  return [];
}
