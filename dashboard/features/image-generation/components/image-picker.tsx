import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { acceptAttribute } from '@core/media-types';
import { cn } from '@core/ui/cn';
import { checkImageFile, MAX_UPLOAD_LABEL } from '../utils/form';

function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${Math.max(1, Math.round(n / 1024))} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * An image file field: click, keyboard (the real file input is focusable) or drop; a preview with Remove; a
 * message when the file is not an image or is over the upload limit. Only image files are ever kept.
 */
export function ImagePicker({
  label,
  file,
  onChange,
  disabled,
}: {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    const check = checkImageFile(chosen);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    onChange(chosen);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) pick(event.dataTransfer.files[0]);
  };

  const remove = () => {
    onChange(null);
    setError(null);
    if (inputRef.current) inputRef.current.value = '';
    inputRef.current?.focus();
  };

  return (
    <div className="grid min-w-0 gap-2">
      <span className="text-sm font-medium" id={`${id}-label`}>
        {label}
      </span>
      {file && preview ? (
        <div className="flex items-center gap-3 rounded-lg border bg-muted/30 p-2">
          <img
            src={preview}
            alt={`${label} preview`}
            className="size-20 shrink-0 rounded-md object-cover"
          />
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium" title={file.name}>
              {file.name}
            </p>
            <p className="text-muted-foreground">{formatBytes(file.size)}</p>
          </div>
          <button
            type="button"
            onClick={remove}
            disabled={disabled}
            aria-label={`Remove ${label}`}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}
      <div className={cn(file ? 'sr-only' : 'relative')}>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={acceptAttribute(['image'])}
          disabled={disabled}
          aria-label={label}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(e) => pick(e.target.files?.[0])}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-1.5 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm transition-colors',
            'hover:border-primary/50 hover:bg-accent/40 peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background',
            'peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
            dragging && 'border-primary bg-accent/60',
            error && 'border-destructive/60',
          )}
        >
          <ImagePlus className="size-6 text-muted-foreground" aria-hidden="true" />
          <span className="font-medium">Choose an image or drop it here</span>
        </label>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        PNG, JPEG, WebP or GIF, up to {MAX_UPLOAD_LABEL}.
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
