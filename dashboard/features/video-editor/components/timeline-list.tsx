import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type Modifier, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useAtomValue, useSetAtom } from 'jotai';
import { ArrowDown, ArrowUp, AudioLines, Film, GripVertical, ImageIcon, Redo2, Trash2, Type, Undo2, Volume2, VolumeX, type LucideIcon } from 'lucide-react';
import { memo } from 'react';
import { CLIP_DURATION } from '@core/constants';
import type { TimelineItem } from '@core/editor/model';
import { Button } from '@core/ui/button';
import { Input } from '@core/ui/input';
import { cn } from '@core/ui/cn';
import { canRedoAtom, canUndoAtom, itemsAtom, moveClipAtom, redoAtom, removeClipAtom, reorderClipAtom, setClipDurationAtom, setClipMutedAtom, undoAtom, updateTitleClipAtom } from '../atoms';
import { formatTime, trackOf } from '../model/timeline';

const ICONS: Record<TimelineItem['type'], LucideIcon> = { video: Film, image: ImageIcon, title: Type, audio: AudioLines };
const TYPE_LABEL: Record<TimelineItem['type'], string> = { video: 'Video', image: 'Image', title: 'Title', audio: 'Audio' };

export function clipLabel(item: TimelineItem): string {
  if (item.type === 'title') return item.settings.text.trim() || 'Title';
  return item.settings.name?.trim() || `${TYPE_LABEL[item.type]} clip`;
}

// Clips move along the list only (the same as @dnd-kit/modifiers' restrictToVerticalAxis, without the package).
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const iconButton = 'size-8 text-muted-foreground';

const ClipRow = memo(function ClipRow({ item, index, first, last }: { item: TimelineItem; index: number; first: boolean; last: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  const setDuration = useSetAtom(setClipDurationAtom);
  const remove = useSetAtom(removeClipAtom);
  const move = useSetAtom(moveClipAtom);
  const updateTitle = useSetAtom(updateTitleClipAtom);
  const setMuted = useSetAtom(setClipMutedAtom);
  const Icon = ICONS[item.type];
  const label = clipLabel(item);
  const name = `${TYPE_LABEL[item.type]} ${index + 1}: ${label}`;
  return (
    <li
      ref={setNodeRef}
      aria-label={name}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('flex flex-col gap-1.5 rounded-lg border bg-card p-2', isDragging && 'relative z-10 shadow-lg ring-2 ring-ring')}
    >
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag ${name}`}
          className="inline-flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing"
        >
          <GripVertical className="size-4" aria-hidden="true" />
        </button>
        <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-muted" aria-hidden="true">
          <Icon className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          {item.type === 'title' ? (
            <Input
              aria-label={`Title text of ${TYPE_LABEL[item.type]} ${index + 1}`}
              value={item.settings.text}
              maxLength={500}
              onChange={(e) => updateTitle(item.id, { text: e.target.value })}
              className="h-8"
            />
          ) : (
            <p className="truncate text-sm font-medium" title={label}>
              {label}
            </p>
          )}
          <p className="text-xs text-muted-foreground tabular-nums">
            {TYPE_LABEL[item.type]} · starts {formatTime(item.start_time)}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-2 pl-10">
        <input
          type="range"
          min={CLIP_DURATION.min}
          max={CLIP_DURATION.max}
          step={CLIP_DURATION.step}
          value={item.duration}
          onChange={(e) => setDuration(item.id, Number(e.target.value))}
          aria-label={`Duration of ${name}`}
          aria-valuetext={`${item.duration.toFixed(1)} seconds`}
          className="h-2 min-w-0 flex-1 cursor-pointer accent-primary"
        />
        <span className="w-12 text-right text-xs tabular-nums">{item.duration.toFixed(1)}s</span>
        {item.type === 'video' ? (
          <Button
            variant="ghost"
            size="icon"
            className={iconButton}
            onClick={() => setMuted(item.id, item.settings.muted !== true)}
            aria-pressed={item.settings.muted === true}
            aria-label={`Mute the sound of ${name}`}
            title={item.settings.muted ? 'Muted: its sound is left out' : 'Mute its sound'}
          >
            {item.settings.muted ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
          </Button>
        ) : null}
        <Button variant="ghost" size="icon" className={iconButton} onClick={() => move(item.id, -1)} disabled={first} aria-label={`Move ${name} up`} title="Move up">
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" className={iconButton} onClick={() => move(item.id, 1)} disabled={last} aria-label={`Move ${name} down`} title="Move down">
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" className={cn(iconButton, 'hover:bg-destructive/10 hover:text-destructive')} onClick={() => remove(item.id)} aria-label={`Remove ${name}`} title="Remove">
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
});

function Track({ label, items, emptyText }: { label: string; items: readonly TimelineItem[]; emptyText: string }) {
  const reorder = useSetAtom(reorderClipAtom);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  // A drop with no destination (outside the list) changes nothing: reorderClip returns the same list.
  const onDragEnd = ({ active, over }: DragEndEvent) => reorder(String(active.id), over ? String(over.id) : null);
  // Screen reader announcements name the clip and its place instead of dnd-kit's internal ids.
  const nameOf = (id: UniqueIdentifier) => {
    const i = items.findIndex((item) => item.id === id);
    return i < 0 ? 'The clip' : `${TYPE_LABEL[items[i]!.type]} ${i + 1}: ${clipLabel(items[i]!)}`;
  };
  const positionOf = (id: UniqueIdentifier | undefined) => items.findIndex((item) => item.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${items.length}.` : `${nameOf(active.id)} is outside the list.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} was dropped at position ${positionOf(over.id)} of ${items.length}.` : `${nameOf(active.id)} was dropped outside the list and did not move.`),
    onDragCancel: ({ active }) => `Moving was cancelled. ${nameOf(active.id)} did not move.`,
  };
  const screenReaderInstructions = { draggable: 'To move a clip, press space or enter, use the arrow keys to move it up or down, then press space or enter again to drop it, or escape to cancel.' };
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <DndContext accessibility={{ announcements, screenReaderInstructions }} sensors={sensors} collisionDetection={closestCenter} modifiers={[restrictToVerticalAxis]} onDragEnd={onDragEnd}>
          <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
            <ol aria-label={label} className="space-y-2">
              {items.map((item, i) => (
                <ClipRow key={item.id} item={item} index={i} first={i === 0} last={i === items.length - 1} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </div>
  );
}

export function TimelineList() {
  const items = useAtomValue(itemsAtom);
  const canUndo = useAtomValue(canUndoAtom);
  const canRedo = useAtomValue(canRedoAtom);
  const undo = useSetAtom(undoAtom);
  const redo = useSetAtom(redoAtom);
  const visual = items.filter((i) => trackOf(i) === 'visual');
  const audio = items.filter((i) => trackOf(i) === 'audio');
  return (
    <section aria-labelledby="timeline-heading" className="rounded-xl border bg-card p-4 shadow-sm">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="timeline-heading" className="font-semibold">
          Timeline
        </h2>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={undo} disabled={!canUndo} aria-label="Undo" title="Undo (Ctrl+Z)">
            <Undo2 aria-hidden="true" />
            Undo
          </Button>
          <Button variant="ghost" size="sm" onClick={redo} disabled={!canRedo} aria-label="Redo" title="Redo (Ctrl+Shift+Z)">
            <Redo2 aria-hidden="true" />
            Redo
          </Button>
        </div>
      </div>
      <div className="h-[300px] space-y-4 overflow-y-auto pr-1">
        <Track label="Video track" items={visual} emptyText="No clips yet. Add images, videos or titles from the left panel." />
        {audio.length > 0 ? <Track label="Audio track" items={audio} emptyText="" /> : null}
      </div>
    </section>
  );
}
