import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { AnimatePresence, motion, MotionConfig, useReducedMotionConfig } from 'framer-motion';
import { X } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { SIDEBAR } from '@core/constants';
import { MOTION_EASE, OverlayBackdrop } from '@/components/ui/modal';
import type { SidebarControls } from '../hooks/use-sidebar';
import { SidebarContent } from './sidebar-content';

/** The thin strip on the sidebar's edge: click to collapse or expand (pointer users; keyboard has the button and Ctrl/Cmd+B). */
function SidebarRail({ onToggle }: { onToggle: () => void }) {
  return (
    <button
      type="button"
      data-sidebar="rail"
      aria-hidden="true"
      tabIndex={-1}
      title="Toggle Sidebar"
      onClick={onToggle}
      className="group absolute inset-y-0 -right-2 z-20 w-4 cursor-ew-resize"
    >
      <span className="absolute inset-y-0 left-1/2 w-px -translate-x-1/2 bg-transparent transition-colors group-hover:bg-sidebar-border group-hover:w-0.5" />
    </button>
  );
}

export function DesktopSidebar({
  sidebar,
  onOpenFeedback,
}: {
  sidebar: SidebarControls;
  onOpenFeedback: () => void;
}) {
  const reduceMotion = useReducedMotionConfig();
  return (
    <motion.aside
      aria-label="Sidebar"
      data-state={sidebar.expanded ? 'expanded' : 'collapsed'}
      initial={false}
      animate={{ width: sidebar.expanded ? SIDEBAR.width : SIDEBAR.widthIcon }}
      transition={{ duration: reduceMotion ? 0 : 0.2, ease: MOTION_EASE }}
      className="sticky top-0 z-20 flex h-svh shrink-0 border-r border-sidebar-border bg-sidebar text-sidebar-foreground"
    >
      <SidebarContent
        collapsed={sidebar.collapsed}
        isMobile={false}
        onOpenFeedback={onOpenFeedback}
      />
      <SidebarRail onToggle={sidebar.toggle} />
    </motion.aside>
  );
}

/**
 * Runs `run` once its parent has unmounted and Headless UI has handed focus back: the dialog's focus
 * restore is a microtask after unmount, and a timeout comes after every microtask.
 */
function AfterUnmount({ run }: { run: () => void }) {
  useEffect(() => () => void window.setTimeout(run, 0), [run]);
  return null;
}

/** Below 768px: an 18rem drawer over a backdrop; Escape, the backdrop, the close button or a navigation closes it. */
export function MobileSidebar({
  sidebar,
  onOpenFeedback,
}: {
  sidebar: SidebarControls;
  onOpenFeedback: () => void;
}) {
  const reduceMotion = useReducedMotionConfig();
  const close = () => sidebar.setDrawerOpen(false);
  const transition = { duration: reduceMotion ? 0 : 0.22, ease: MOTION_EASE };
  // Send Feedback opens once the drawer is gone: opened under the closing drawer, the dialog would lose
  // its focus to the toggle button when the drawer hands focus back.
  const afterClose = useRef<(() => void) | null>(null);
  const handOver = useCallback(() => {
    const next = afterClose.current;
    afterClose.current = null;
    next?.();
  }, []);
  return (
    // The panel's own `transition` prop belongs to Headless UI, so motion timing comes from MotionConfig.
    <MotionConfig transition={transition}>
      <AnimatePresence>
        {sidebar.drawerOpen ? (
          <Dialog static open onClose={close} className="fixed inset-0 z-50">
            <OverlayBackdrop />
            <DialogPanel
              as={motion.div}
              data-sidebar="drawer"
              initial={{ x: '-100%' }}
              animate={{ x: 0 }}
              exit={{ x: '-100%' }}
              style={{ width: SIDEBAR.widthMobile, maxWidth: '85vw' }}
              className="fixed inset-y-0 left-0 flex bg-sidebar text-sidebar-foreground shadow-xl"
            >
              <DialogTitle className="sr-only">Navigation</DialogTitle>
              <AfterUnmount run={handOver} />
              <SidebarContent
                collapsed={false}
                isMobile
                onNavigate={close}
                onOpenFeedback={() => {
                  // The drawer steps aside so the dialog is the only layer on a small screen.
                  afterClose.current = onOpenFeedback;
                  close();
                }}
              />
              <button
                type="button"
                onClick={close}
                aria-label="Close sidebar"
                className="absolute top-3 right-3 flex size-7 items-center justify-center rounded-md text-sidebar-foreground/70 hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </DialogPanel>
          </Dialog>
        ) : null}
      </AnimatePresence>
    </MotionConfig>
  );
}
