import type { TimelineItem, TransitionKind } from '@core/editor/model';
import type { Clip, Timeline } from './clip';

// Transitions between adjacent clips of the main track, in whole frames. A transition belongs to the cut
// and is stored on the clip right of it (`transition_in`, in seconds like every stored time). It lasts at
// most as long as the shorter of the two clips, and it is dropped as soon as the clips stop touching (a
// move, a delete, a trim that opens a gap). Pure: every function returns the very same timeline when it
// changes nothing, so undo records nothing.

export type { TransitionKind } from '@core/editor/model';
export { TRANSITION_KINDS, TRANSITION_LABELS } from '@core/editor/transitions';

/** A cut between two main-track clips that touch: where a transition can go. */
export interface Cut {
  /** The frame where `right` starts and `left` ends. */
  frame: number;
  left: Clip;
  right: Clip;
  /** The transition on the cut in whole frames (clamped to the shorter clip), if any. */
  transition?: { kind: TransitionKind; frames: number };
}

const clipEnd = (c: Clip) => c.start + c.length;

/** The main-track clip that ends where `c` starts, if `c` is on the main track. */
function leftNeighbour(clips: readonly Clip[], c: Clip): Clip | undefined {
  if (c.track !== 'main') return undefined;
  return clips.find((x) => x.track === 'main' && x.id !== c.id && clipEnd(x) === c.start);
}

/** The longest transition the cut before `right` allows: the shorter clip's length. */
const maxFrames = (left: Clip, right: Clip) => Math.min(left.length, right.length);

/** The stored transition of a clip in whole frames (at least 1). */
export function storedFrames(c: Clip, fps: number): number {
  return Math.max(1, Math.round((c.item.transition_in?.duration ?? 0) * fps));
}

/** Every cut of the main track, left to right, with its transition. */
export function mainCuts(tl: Timeline): Cut[] {
  const main = tl.clips.filter((c) => c.track === 'main').sort((a, b) => a.start - b.start);
  const cuts: Cut[] = [];
  for (let i = 1; i < main.length; i++) {
    const left = main[i - 1]!;
    const right = main[i]!;
    if (clipEnd(left) !== right.start) continue;
    const t = right.item.transition_in;
    cuts.push({
      frame: right.start,
      left,
      right,
      ...(t && {
        transition: {
          kind: t.kind,
          frames: Math.min(storedFrames(right, tl.fps), maxFrames(left, right)),
        },
      }),
    });
  }
  return cuts;
}

/** The cut at the left edge of clip `id`, if it touches a main-track clip before it. */
export function cutBefore(tl: Timeline, id: string): Cut | undefined {
  return mainCuts(tl).find((c) => c.right.id === id);
}

function withTransition(
  item: TimelineItem,
  t: { kind: TransitionKind; frames: number } | null,
  fps: number,
): TimelineItem {
  const { transition_in: _t, ...rest } = item;
  return (
    t ? { ...rest, transition_in: { kind: t.kind, duration: t.frames / fps } } : rest
  ) as TimelineItem;
}

/**
 * Whether `c` still has the cut it had before the edit: its left neighbour is the same clip, or (the clip
 * unmoved) the new right part of that clip after a split.
 */
function sameCut(before: Timeline, c: Clip, left: Clip): boolean {
  const was = before.clips.find((x) => x.id === c.id);
  const wasLeft = was && leftNeighbour(before.clips, was);
  if (!wasLeft) return false;
  return (
    wasLeft.id === left.id || (was.start === c.start && !before.clips.some((x) => x.id === left.id))
  );
}

/**
 * Keeps every stored transition valid after an edit: dropped where the clip no longer touches a main-track
 * clip on its left (or, given the timeline before the edit, touches another one than before), cut to the
 * shorter clip otherwise. Returns `tl` itself when every transition was valid.
 */
export function normalizeTransitions(tl: Timeline, before?: Timeline): Timeline {
  let changed = false;
  const clips = tl.clips.map((c) => {
    if (!c.item.transition_in) return c;
    const left = leftNeighbour(tl.clips, c);
    if (!left || (before && !sameCut(before, c, left))) {
      changed = true;
      return { ...c, item: withTransition(c.item, null, tl.fps) };
    }
    const frames = storedFrames(c, tl.fps);
    const max = maxFrames(left, c);
    const exact = Math.abs(c.item.transition_in.duration * tl.fps - frames) < 1e-6;
    if (frames <= max && exact) return c;
    changed = true;
    return {
      ...c,
      item: withTransition(
        c.item,
        { kind: c.item.transition_in.kind, frames: Math.min(frames, max) },
        tl.fps,
      ),
    };
  });
  return changed ? { fps: tl.fps, clips } : tl;
}

/**
 * Sets the transition on the cut before clip `id` (the right-hand clip): `kind` null removes it, `frames`
 * is clamped to 1..the shorter clip. Nothing changes when the clip does not touch a main-track clip on its left.
 */
export function setTransition(
  tl: Timeline,
  id: string,
  kind: TransitionKind | null,
  frames: number,
): Timeline {
  const c = tl.clips.find((x) => x.id === id);
  if (!c) return tl;
  const left = leftNeighbour(tl.clips, c);
  if (!left) return tl;
  const cur = c.item.transition_in;
  if (kind === null)
    return cur
      ? {
          fps: tl.fps,
          clips: tl.clips.map((x) =>
            x.id === id ? { ...x, item: withTransition(x.item, null, tl.fps) } : x,
          ),
        }
      : tl;
  const f = Math.max(1, Math.min(maxFrames(left, c), Math.round(frames)));
  if (cur && cur.kind === kind && Math.abs(cur.duration * tl.fps - f) < 1e-6) return tl;
  return {
    fps: tl.fps,
    clips: tl.clips.map((x) =>
      x.id === id ? { ...x, item: withTransition(x.item, { kind, frames: f }, tl.fps) } : x,
    ),
  };
}

/** The length a new transition gets: half a second, within the shorter clip. */
export function defaultTransitionFrames(cut: Pick<Cut, 'left' | 'right'>, fps: number): number {
  return Math.max(1, Math.min(Math.round(fps / 2), maxFrames(cut.left, cut.right)));
}
