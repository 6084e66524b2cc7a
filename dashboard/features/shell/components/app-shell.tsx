import { motion, MotionConfig, useReducedMotionConfig } from 'framer-motion';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useProfile } from '@/lib/profile';
import { useSidebar } from '../hooks/use-sidebar';
import { useSidebarShortcut } from '../hooks/use-sidebar-shortcut';
import { breadcrumbsFor } from '../utils/nav';
import { FeedbackDialog } from './feedback-dialog';
import { DesktopSidebar, MobileSidebar } from './sidebar';
import { TopBar } from './top-bar';

/** The signed-in frame: sidebar (or drawer), top bar and the current screen. */
export function AppShell() {
  const sidebar = useSidebar();
  const { pathname } = useLocation();
  const { profile } = useProfile();
  const { setDrawerOpen } = sidebar;
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const openFeedback = () => setFeedbackOpen(true);
  useSidebarShortcut(sidebar.toggle);

  // The drawer closes whenever the page changes, and never lingers across the breakpoint.
  useEffect(() => setDrawerOpen(false), [pathname, sidebar.isMobile, setDrawerOpen]);

  const animations = profile.settings.animations;
  useEffect(() => {
    const root = document.documentElement;
    if (animations) delete root.dataset.motion;
    else root.dataset.motion = 'reduced';
    return () => {
      delete root.dataset.motion;
    };
  }, [animations]);

  useEffect(() => {
    const page = breadcrumbsFor(pathname).at(-1)?.title;
    document.title = page ? `${page} · Muse Studio` : 'Muse Studio';
  }, [pathname]);

  return (
    <MotionConfig reducedMotion={animations ? 'user' : 'always'}>
      <div className="flex min-h-svh w-full bg-background">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-sm focus:text-primary-foreground"
        >
          Skip to content
        </a>
        {sidebar.isMobile ? (
          <MobileSidebar sidebar={sidebar} onOpenFeedback={openFeedback} />
        ) : (
          <DesktopSidebar sidebar={sidebar} onOpenFeedback={openFeedback} />
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar sidebar={sidebar} />
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
          >
            <PageFade key={pathname} />
          </main>
        </div>
      </div>
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </MotionConfig>
  );
}

function PageFade() {
  const reduceMotion = useReducedMotionConfig();
  return (
    <motion.div
      initial={{ opacity: 0, y: 4 }}
      animate={{ opacity: 1, y: 0 }}
      transition={{ duration: reduceMotion ? 0 : 0.18, ease: 'easeOut' }}
    >
      <Outlet />
    </motion.div>
  );
}
