import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Keyboard focus shows the label; a mouse click's focus already had the hover. */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // engines without :focus-visible
  }
}

interface Position {
  top: number;
  left: number;
}

/**
 * A label beside an icon-only sidebar control. It opens at once (the sidebar delay is 0) on
 * hover or keyboard focus, closes on leave, blur or Escape, and renders nothing while `enabled` is
 * false (the expanded sidebar already shows the text).
 */
export function SidebarTooltip({
  label,
  enabled,
  className,
  children,
}: {
  label: string;
  enabled: boolean;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<Position | null>(null);

  const show = () => {
    const rect = ref.current?.getBoundingClientRect();
    if (!enabled || !rect) return;
    setPosition({ top: rect.top + rect.height / 2, left: rect.right + 8 });
  };
  const hide = () => setPosition(null);

  useEffect(() => {
    if (!enabled) setPosition(null);
  }, [enabled]);

  useEffect(() => {
    if (!position) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPosition(null);
    };
    const onScroll = () => setPosition(null);
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [position]);

  return (
    <div
      ref={ref}
      className={className}
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={(event) => {
        if (isKeyboardFocus(event.target)) show();
      }}
      onBlur={hide}
      onClick={hide}
    >
      {children}
      {enabled && position
        ? createPortal(
            <div
              role="tooltip"
              style={{ top: position.top, left: position.left }}
              className="pointer-events-none fixed z-50 -translate-y-1/2 rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-background shadow-md"
            >
              {label}
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
