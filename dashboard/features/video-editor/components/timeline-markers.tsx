import { useAtomValue, useSetAtom } from 'jotai';
import { Trash2, X } from 'lucide-react';
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { MARKER_LABEL_MAX } from '@core/editor/markers';
import { Button } from '@core/ui/button';
import { cn } from '@core/ui/cn';
import {
  markersAtom,
  moveMarkerAtom,
  removeMarkerAtom,
  renameMarkerAtom,
  seekFrameAtom,
} from '../atoms';
import type { Marker } from '../model/markers';
import { formatTimecode } from '../model/tracks';

// Timeline markers (model/markers.ts): a flag on the ruler for each, a thin line down the lanes, and the
// open marker's editor (label, delete). A flag is a button: click (or Enter) moves the playhead to it and
// opens its editor; dragging it moves it; Delete removes it; Alt+arrows move it by a frame (Shift: a
// second). M adds one at the
// playhead, [ and ] jump between them (model/keymap.ts).

const FLAG_W = 12;

export function markerName(m: Marker, index: number, fps: number): string {
  return `Marker ${index + 1} at ${formatTimecode(m.frame, fps)}${m.label ? `: ${m.label}` : ''}`;
}

/** The flags over the ruler (`height` px tall) and the lines below them, in the timeline's scrolling content. */
export function MarkerFlags({
  fps,
  pxPerFrame,
  height,
  open,
  onOpen,
}: {
  fps: number;
  pxPerFrame: number;
  height: number;
  open: string | null;
  onOpen: (id: string | null) => void;
}) {
  const markers = useAtomValue(markersAtom);
  const seekFrame = useSetAtom(seekFrameAtom);
  const move = useSetAtom(moveMarkerAtom);
  const remove = useSetAtom(removeMarkerAtom);
  // A flag being dragged: where it is shown until the pointer is let go (one undo step then).
  const [drag, setDrag] = useState<{
    id: string;
    x0: number;
    from: number;
    to: number;
    moved: boolean;
  } | null>(null);
  // The click that ends a drag is not a click on the flag.
  const dragged = useRef(false);
  if (markers.length === 0) return null;
  const onPointerDown = (e: ReactPointerEvent, m: Marker) => {
    e.stopPropagation();
    if (e.button !== 0) return;
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    dragged.current = false;
    setDrag({ id: m.id, x0: e.clientX, from: m.frame, to: m.frame, moved: false });
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (!drag) return;
    const moved = drag.moved || Math.abs(e.clientX - drag.x0) > 3;
    setDrag({
      ...drag,
      moved,
      to: moved
        ? Math.max(0, drag.from + Math.round((e.clientX - drag.x0) / pxPerFrame))
        : drag.from,
    });
  };
  const onPointerUp = () => {
    if (!drag) return;
    if (drag.moved) {
      dragged.current = true;
      if (drag.to !== drag.from) move(drag.id, drag.to);
    }
    setDrag(null);
  };
  const onKeyDown = (e: ReactKeyboardEvent, m: Marker, index: number) => {
    if (e.key === 'Delete' || e.key === 'Backspace') {
      remove(m.id);
      if (open === m.id) onOpen(null);
      // Focus goes to the marker that takes its place in the list, so Delete can go on.
      const next = markers[index + 1] ?? markers[index - 1];
      const list = (e.currentTarget as HTMLElement).parentElement;
      if (next)
        requestAnimationFrame(() =>
          list?.querySelector<HTMLElement>(`[data-marker-id="${next.id}"]`)?.focus(),
        );
    } else if (e.altKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      move(m.id, m.frame + (e.shiftKey ? fps : 1) * (e.key === 'ArrowLeft' ? -1 : 1));
    } else return;
    e.preventDefault();
  };
  return (
    <div
      role="group"
      aria-label="Markers"
      className="pointer-events-none absolute inset-x-0 top-0 bottom-0"
    >
      {markers.map((m, i) => {
        const x = (drag?.id === m.id ? drag.to : m.frame) * pxPerFrame;
        const name = markerName(m, i, fps);
        return (
          <div key={m.id}>
            <div
              aria-hidden="true"
              className="absolute bottom-0 w-px bg-amber-500/60"
              style={{ left: x, top: height }}
            />
            <button
              type="button"
              data-marker-id={m.id}
              aria-label={name}
              aria-expanded={open === m.id}
              title={m.label || name}
              onPointerDown={(e) => onPointerDown(e, m)}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={() => setDrag(null)}
              onClick={() => {
                if (dragged.current) {
                  dragged.current = false;
                  return;
                }
                seekFrame(m.frame);
                onOpen(m.id);
              }}
              onKeyDown={(e) => onKeyDown(e, m, i)}
              className={cn(
                'pointer-events-auto absolute top-0 z-20 flex max-w-28 cursor-grab touch-none items-start gap-0.5 rounded-sm pr-0.5 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                open === m.id && 'bg-primary/15 ring-1 ring-primary',
              )}
              style={{ left: x, height, minWidth: FLAG_W }}
            >
              {/* The flag: a pole on the marker's frame and a pennant to its right. */}
              <svg
                aria-hidden="true"
                viewBox="0 0 12 24"
                className="h-full w-3 shrink-0 overflow-visible"
              >
                <path
                  d="M0.5 0 V24"
                  className="stroke-amber-600 dark:stroke-amber-400"
                  strokeWidth="1"
                />
                <path
                  d="M0.5 1 H11 L8 5.5 L11 10 H0.5 Z"
                  className="fill-amber-400 stroke-amber-700 dark:stroke-amber-200"
                  strokeWidth="1"
                  strokeLinejoin="round"
                />
              </svg>
              {m.label ? (
                <span className="mt-0.5 truncate rounded-sm bg-amber-100 px-1 text-[10px] leading-4 font-medium text-amber-950 dark:bg-amber-950 dark:text-amber-100">
                  {m.label}
                </span>
              ) : null}
            </button>
          </div>
        );
      })}
    </div>
  );
}

/** The open marker's editor: its label (saved on Enter or leaving the field) and Delete. */
export function MarkerEditor({
  id,
  fps,
  onClose,
}: {
  id: string;
  fps: number;
  onClose: () => void;
}) {
  const markers = useAtomValue(markersAtom);
  const rename = useSetAtom(renameMarkerAtom);
  const remove = useSetAtom(removeMarkerAtom);
  const index = markers.findIndex((m) => m.id === id);
  const marker = markers[index];
  const [label, setLabel] = useState(marker?.label ?? '');
  const inputRef = useRef<HTMLInputElement>(null);
  // Undo, redo or another edit can change the label (or drop the marker) while the editor is open.
  useEffect(() => setLabel(marker?.label ?? ''), [marker?.label]);
  useEffect(() => {
    if (!marker) onClose();
  }, [marker, onClose]);
  if (!marker) return null;
  const name = markerName({ ...marker, label: '' }, index, fps);
  const commit = () => rename(marker.id, label);
  return (
    <div
      role="group"
      aria-label={name}
      className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border bg-muted/40 px-2 py-1.5 text-sm"
    >
      <span className="inline-flex min-w-0 flex-1 items-center gap-1.5 font-medium sm:flex-none">
        <span
          aria-hidden="true"
          className="block h-3 w-2 bg-amber-400 [clip-path:polygon(0_0,100%_0,70%_50%,100%_100%,0_100%)]"
        />
        {name}
      </span>
      {/* On a phone the label takes a row of its own, under the name and the buttons. */}
      <label className="order-last flex min-w-0 basis-full items-center gap-2 sm:order-none sm:basis-0 sm:flex-1">
        <span className="shrink-0 text-muted-foreground">Label</span>
        <input
          ref={inputRef}
          value={label}
          maxLength={MARKER_LABEL_MAX}
          placeholder="Optional"
          onChange={(e) => setLabel(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              commit();
              inputRef.current?.blur();
            } else if (e.key === 'Escape') {
              setLabel(marker.label);
              onClose();
            }
          }}
          className="h-8 min-w-0 flex-1 rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        />
      </label>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => remove(marker.id)}
        aria-label={`Delete ${name}`}
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        onClick={onClose}
        aria-label="Close the marker"
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
