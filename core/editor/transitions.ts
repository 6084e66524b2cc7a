/** Transitions between adjacent clips of the main video track (see core/editor/model.ts `transition_in`). */
export const TRANSITION_KINDS = [
  'crossfade',
  'dip-black',
  'dip-white',
  'slide-left',
  'wipe-left',
] as const;

export const TRANSITION_LABELS: Record<(typeof TRANSITION_KINDS)[number], string> = {
  crossfade: 'Crossfade',
  'dip-black': 'Dip to black',
  'dip-white': 'Dip to white',
  'slide-left': 'Slide left',
  'wipe-left': 'Wipe left',
};
