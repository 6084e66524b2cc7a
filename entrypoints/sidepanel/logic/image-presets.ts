// Platform-shaped sizes for the side panel's images, exact ratios on the image job's 64-pixel grid
// (core/jobs.ts: 512 to 2048, multiples of 64).

export const IMAGE_PRESETS = [
  { id: '1:1', label: 'Square 1:1', width: 1024, height: 1024, usage: 'Posts on every platform' },
  {
    id: '16:9',
    label: 'Landscape 16:9',
    width: 1024,
    height: 576,
    usage: 'Link cards, X, LinkedIn',
  },
  { id: '9:16', label: 'Portrait 9:16', width: 576, height: 1024, usage: 'Stories, Shorts' },
  { id: '4:5', label: 'Portrait 4:5', width: 1024, height: 1280, usage: 'Feeds on phones' },
] as const satisfies readonly {
  id: string;
  label: string;
  width: number;
  height: number;
  usage: string;
}[];

export type ImagePresetId = (typeof IMAGE_PRESETS)[number]['id'];

export function presetSize(id: ImagePresetId): { width: number; height: number } {
  const preset = IMAGE_PRESETS.find((p) => p.id === id) ?? IMAGE_PRESETS[0];
  return { width: preset.width, height: preset.height };
}

/** The prompt an image starts from: the selection, else the page title (cut to the job's limit). */
export function initialImagePrompt(page: { title: string; selection: string } | null): string {
  const source = page?.selection.trim() || page?.title.trim() || '';
  return source.slice(0, 1000);
}
