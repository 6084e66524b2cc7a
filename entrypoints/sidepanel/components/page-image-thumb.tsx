import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@core/ui/cn';
import { panelCanShowImage } from '../logic/page-images';

/**
 * A picture from the page the user reads. The panel's Content-Security-Policy (extensionPagesPolicy in
 * wxt.config.ts) shows https:, data: and blob: pictures only, and never an http: one, so an http: page's
 * image, or one that fails to load, is a placeholder that says so instead of a broken picture.
 */
export function PageImageThumb({
  src,
  alt,
  className,
  referrerPolicy,
  loading,
  title,
}: {
  src: string;
  alt: string;
  className?: string;
  referrerPolicy?: 'no-referrer';
  loading?: 'lazy';
  title?: string;
}) {
  const [broken, setBroken] = useState(false);
  if (broken || !panelCanShowImage(src))
    return (
      <span
        role="img"
        aria-label={alt ? `${alt} (preview not available)` : 'Preview not available'}
        title={title ?? 'This picture cannot be previewed in the panel'}
        data-placeholder=""
        className={cn('grid place-items-center bg-muted text-muted-foreground', className)}
      >
        <ImageOff aria-hidden="true" className="size-5" />
      </span>
    );
  return (
    <img
      src={src}
      alt={alt}
      title={title}
      loading={loading}
      referrerPolicy={referrerPolicy}
      onError={() => setBroken(true)}
      className={className}
    />
  );
}
