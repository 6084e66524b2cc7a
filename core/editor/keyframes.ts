/** Keyframed clip properties and their easings (see core/editor/model.ts `keyframes`). */
export const KEYFRAME_PROPS = ['x', 'y', 'scale', 'rotation', 'opacity', 'volume'] as const;
export type KeyframeProp = (typeof KEYFRAME_PROPS)[number];

/** How a value travels from a keyframe to the next: the easing belongs to the keyframe the segment leaves. */
export const EASINGS = ['linear', 'ease-in', 'ease-out', 'ease-in-out', 'hold', 'bezier'] as const;
export type Easing = (typeof EASINGS)[number];

export const EASING_LABELS: Record<Easing, string> = {
  linear: 'Linear',
  'ease-in': 'Ease in',
  'ease-out': 'Ease out',
  'ease-in-out': 'Ease in-out',
  hold: 'Hold',
  bezier: 'Bezier',
};

/**
 * Each property's unit, range and value without keyframes. x and y move the clip's centre in pixels of a
 * frame whose shorter side is 1080 (like a title's font size), scale and opacity are percent, rotation is
 * degrees clockwise, volume is dB on top of the clip's gain.
 */
export const KEYFRAME_PROP_DEFS: Record<
  KeyframeProp,
  { label: string; unit: string; min: number; max: number; neutral: number; step: number }
> = {
  x: { label: 'Position X', unit: 'px', min: -4096, max: 4096, neutral: 0, step: 1 },
  y: { label: 'Position Y', unit: 'px', min: -4096, max: 4096, neutral: 0, step: 1 },
  scale: { label: 'Scale', unit: '%', min: 0, max: 1000, neutral: 100, step: 1 },
  rotation: { label: 'Rotation', unit: '°', min: -3600, max: 3600, neutral: 0, step: 1 },
  opacity: { label: 'Opacity', unit: '%', min: 0, max: 100, neutral: 100, step: 1 },
  volume: { label: 'Volume', unit: 'dB', min: -60, max: 12, neutral: 0, step: 0.5 },
};

/** CSS's cubic-bezier control points of the presets, and the default of a new Bezier keyframe. */
export const EASING_CURVES: Record<
  Exclude<Easing, 'linear' | 'hold'>,
  readonly [number, number, number, number]
> = {
  'ease-in': [0.42, 0, 1, 1],
  'ease-out': [0, 0, 0.58, 1],
  'ease-in-out': [0.42, 0, 0.58, 1],
  bezier: [0.25, 0.1, 0.25, 1],
};
