// The size Black Forest Labs makes for a text-to-image request. flux-pro-1.1 takes 256 to 1440 px a
// side in multiples of 32 (docs.bfl.ai, "Generate an image with FLUX 1.1 [pro]": width and height);
// the form allows up to 2048, so a larger request is scaled down whole, keeping its aspect ratio. The
// function that sends the request (functions/src/providers/image/bfl.ts) and the form that warns about
// it before the request (dashboard/features/image-generation) both use this one rule.

export const FLUX_PRO_MIN_SIDE = 256;
export const FLUX_PRO_MAX_SIDE = 1440;
export const FLUX_PRO_SIDE_STEP = 32;

export function fitFluxProSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, FLUX_PRO_MAX_SIDE / Math.max(width, height));
  const fit = (n: number) =>
    Math.max(FLUX_PRO_MIN_SIDE, Math.floor((n * scale) / FLUX_PRO_SIDE_STEP) * FLUX_PRO_SIDE_STEP);
  return { width: fit(width), height: fit(height) };
}
