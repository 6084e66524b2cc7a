import { Dialog, DialogPanel } from '@headlessui/react';
import { AnimatePresence, motion, MotionConfig, useReducedMotionConfig } from 'framer-motion';
import type { CSSProperties, ReactNode } from 'react';
import { cn } from '@core/ui/cn';

/** The easing the shell shares: dialogs, the phone drawer and the sidebar's width. */
export const MOTION_EASE = [0.32, 0.72, 0, 1] as const;

/** The dimmed page behind an overlay; it fades with the overlay's MotionConfig timing. */
export function OverlayBackdrop() {
  return (
    <motion.div
      aria-hidden="true"
      className="fixed inset-0 bg-black/50"
      initial={{ opacity: 0 }}
      animate={{ opacity: 1 }}
      exit={{ opacity: 0 }}
    />
  );
}

/**
 * A centred dialog over a dimmed page: Headless UI owns focus, Escape, outside clicks and the ARIA,
 * framer-motion owns the fade and scale.
 *
 * Headless UI's own `transition` props are not used: a dialog closed while it is still scaling in
 * (a pick 30 ms after opening, as a quick user or a test does) stays mounted and open in 2.2.x
 * (tailwindlabs/headlessui#3892). AnimatePresence mounts a `static` Dialog only while `open`, and an
 * interrupted entry simply reverses.
 */
export function Modal({
  open,
  onClose,
  role = 'dialog',
  className,
  style,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  role?: 'dialog' | 'alertdialog';
  /** The panel's classes: size, padding, layout. */
  className?: string;
  style?: CSSProperties;
  testId?: string;
  children: ReactNode;
}) {
  const reduceMotion = useReducedMotionConfig();
  return (
    // Timing comes from MotionConfig: DialogPanel's own `transition` prop is Headless UI's switch.
    <MotionConfig transition={{ duration: reduceMotion ? 0 : 0.15, ease: MOTION_EASE }}>
      <AnimatePresence>
        {open ? (
          <Dialog static open role={role} onClose={onClose} className="fixed inset-0 z-50">
            <OverlayBackdrop />
            <div className="fixed inset-0 flex items-center justify-center p-4">
              <DialogPanel
                as={motion.div}
                data-testid={testId}
                initial={{ opacity: 0, scale: 0.95 }}
                animate={{ opacity: 1, scale: 1 }}
                exit={{ opacity: 0, scale: 0.95 }}
                style={style}
                className={cn(
                  'w-full rounded-xl border bg-popover text-popover-foreground shadow-xl',
                  className,
                )}
              >
                {children}
              </DialogPanel>
            </div>
          </Dialog>
        ) : null}
      </AnimatePresence>
    </MotionConfig>
  );
}
