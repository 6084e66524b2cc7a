import { STYLE_OPTIONS } from '@core/constants';
import { paths } from '@core/routes';
import { Alert } from '@core/ui/alert';
import { Button } from '@core/ui/button';
import { cn } from '@core/ui/cn';
import { Label, Textarea } from '@core/ui/input';
import { Progress } from '@core/ui/progress';
import { NativeSelect } from '@core/ui/select';
import { ImagePlus, Paperclip, Wand2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { ReferenceImageError, uploadReferenceImage } from '../api/reference-image';
import type { SidePanelServices } from '../firebase';
import { usePanelImageJob } from '../hooks/use-panel-image-job';
import {
  IMAGE_PRESETS,
  initialImagePrompt,
  presetSize,
  type ImagePresetId,
} from '../logic/image-presets';
import type { PageImage } from '../logic/page-images';
import { PageImageThumb } from './page-image-thumb';
import { Section } from './ui';

type Style = (typeof STYLE_OPTIONS.image)[number];

const styleLabel = (s: string) =>
  s
    .split('-')
    .map((w) => (w === '3d' ? '3D' : w[0]!.toUpperCase() + w.slice(1)))
    .join(' ');

interface Reference {
  src: string;
  /** Set once uploaded to the user's Storage. */
  path: string | null;
}

/**
 * Make an image with the same server-side job as the dashboard: prompt from the page, a platform-shaped
 * size, a style, optionally a page image as the reference. Progress is the job document's, live.
 */
export function MakeImageCard({
  services,
  uid,
  page,
  images,
  attached,
  onAttach,
}: {
  services: SidePanelServices;
  uid: string;
  page: { title: string; selection: string } | null;
  images: PageImage[];
  attached: readonly string[];
  /** Attaches the library record to the draft, by its id (the draft keeps ids only). */
  onAttach: (mediaId: string) => void;
}) {
  const { db, functions, storage } = services.clients;
  const id = useId();
  const job = usePanelImageJob(db, uid, functions);
  const [edited, setEdited] = useState<string | null>(null);
  const [preset, setPreset] = useState<ImagePresetId>('1:1');
  const [style, setStyle] = useState<Style>('photorealistic');
  const [reference, setReference] = useState<Reference | null>(null);
  const [referenceBusy, setReferenceBusy] = useState(false);
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const prompt = edited ?? initialImagePrompt(page);

  const chooseReference = async (image: PageImage) => {
    if (reference?.src === image.src) {
      setReference(null);
      return;
    }
    setReferenceBusy(true);
    setReferenceError(null);
    try {
      const path = await uploadReferenceImage(storage, uid, image.src);
      setReference({ src: image.src, path });
    } catch (error) {
      setReference(null);
      setReferenceError(
        error instanceof ReferenceImageError
          ? error.message
          : 'The image could not be uploaded. Please try again.',
      );
    } finally {
      setReferenceBusy(false);
    }
  };

  const generate = () => {
    const size = presetSize(preset);
    void job.start({
      mode: reference?.path ? 'image' : 'text',
      prompt: prompt.trim(),
      style,
      ...size,
      ...(reference?.path ? { inputImagePath: reference.path } : {}),
    });
  };

  const j = job.job;
  const running = !!j && (j.status === 'queued' || j.status === 'running');
  const result = j?.status === 'succeeded' ? job.result : null;
  const resultUrl = result?.thumbnailUrl ?? result?.originalUrl ?? null;
  const isAttached = !!result && attached.includes(result.id);

  return (
    <Section title="Make an image" id="make-image">
      <div className="grid gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-prompt`}>Image prompt</Label>
          <Textarea
            id={`${id}-prompt`}
            rows={3}
            value={prompt}
            onChange={(e) => setEdited(e.target.value)}
            placeholder="Describe the image"
          />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-size`}>Size</Label>
            <NativeSelect
              id={`${id}-size`}
              value={preset}
              disabled={!!reference?.path}
              onChange={(e) => setPreset(e.target.value as ImagePresetId)}
            >
              {IMAGE_PRESETS.map((p) => (
                <option key={p.id} value={p.id} title={p.usage}>
                  {p.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-style`}>Style</Label>
            <NativeSelect
              id={`${id}-style`}
              value={style}
              onChange={(e) => setStyle(e.target.value as Style)}
            >
              {STYLE_OPTIONS.image.map((s) => (
                <option key={s} value={s}>
                  {styleLabel(s)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        {images.length > 0 && (
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">Reference image (optional)</legend>
            <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Images on this page">
              {images.map((image, i) => {
                const chosen = reference?.src === image.src;
                return (
                  <li key={image.src} className="shrink-0">
                    <button
                      type="button"
                      aria-pressed={chosen}
                      disabled={referenceBusy}
                      onClick={() => void chooseReference(image)}
                      aria-label={`Use page image ${i + 1}${image.alt ? ` (${image.alt})` : ''} as reference`}
                      className={cn(
                        'block size-16 overflow-hidden rounded-md border-2 bg-muted ring-offset-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
                        chosen ? 'border-primary' : 'border-transparent',
                      )}
                    >
                      <PageImageThumb src={image.src} alt="" className="size-full object-cover" />
                    </button>
                  </li>
                );
              })}
            </ul>
            {referenceBusy && (
              <p className="text-xs text-muted-foreground">Uploading the reference…</p>
            )}
            {reference?.path && (
              <p className="text-xs text-muted-foreground">
                The new image is based on the chosen page image and keeps its shape.
              </p>
            )}
            {referenceError && <Alert tone="danger">{referenceError}</Alert>}
          </fieldset>
        )}
        <Button
          onClick={generate}
          loading={job.starting}
          disabled={running || referenceBusy || (!prompt.trim() && !reference?.path)}
        >
          {job.starting ? null : <Wand2 aria-hidden="true" />}
          {job.starting ? 'Starting…' : 'Generate image'}
        </Button>
        {job.error && (
          <Alert tone="danger">
            {job.error.message}
            {job.error.needsIntegrations && (
              <a
                className="ml-1 font-medium underline"
                href={`${services.dashboardUrl}${paths.integrations}`}
                target="_blank"
                rel="noreferrer"
              >
                Open Integrations
              </a>
            )}
          </Alert>
        )}
        {running && (
          <div className="grid gap-1.5" aria-live="polite">
            <div className="flex items-center justify-between gap-2 text-xs">
              <span>{j.statusText || (j.status === 'queued' ? 'Queued' : 'Generating')}</span>
              <span className="tabular-nums text-muted-foreground">{Math.round(j.progress)}%</span>
            </div>
            <Progress value={j.progress} label="Image progress" />
            <div className="flex items-center justify-between gap-2">
              <p className="text-xs text-muted-foreground">
                You can close the panel: the image keeps going and lands in your library.
              </p>
              <Button variant="ghost" size="xs" onClick={() => void job.cancel()}>
                Cancel
              </Button>
            </div>
          </div>
        )}
        {j?.status === 'failed' && (
          <Alert tone="danger" className="flex items-start gap-2">
            <span>{j.error?.message || 'Failed to generate image'}</span>
            <Button
              variant="ghost"
              size="xs"
              onClick={job.dismiss}
              className="ml-auto"
              aria-label="Dismiss"
            >
              <X aria-hidden="true" />
            </Button>
          </Alert>
        )}
        {j?.status === 'cancelled' && (
          <p className="text-sm text-muted-foreground">The image was cancelled.</p>
        )}
        {result && resultUrl && (
          <figure className="grid gap-2">
            <img
              src={resultUrl}
              alt={result.title}
              className="w-full rounded-md border object-contain"
            />
            <figcaption className="text-xs text-muted-foreground">
              Saved to your library: {result.title}
            </figcaption>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                className="flex-1"
                disabled={isAttached}
                onClick={() => onAttach(result.id)}
              >
                <Paperclip aria-hidden="true" />
                {isAttached ? 'Attached to the draft' : 'Attach to draft'}
              </Button>
              <Button variant="ghost" onClick={job.dismiss}>
                <ImagePlus aria-hidden="true" />
                New image
              </Button>
            </div>
          </figure>
        )}
      </div>
    </Section>
  );
}
