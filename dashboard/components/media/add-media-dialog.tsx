import { DialogTitle, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { AudioLines, Film, ImageIcon, Loader2, Upload, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { GenerationType } from '@core/jobs';
import { acceptAttribute, uploadKindOf } from '@core/media-types';
import { Button } from '@core/ui/button';
import { Label } from '@core/ui/input';
import { Modal } from '@/components/ui/modal';
import { useAuth } from '@/lib/auth';
import { readCallableError } from '@/lib/call';
import { cn } from '@core/ui/cn';
import { toast } from '@/lib/toast';
import { uploadToLibrary } from '@/lib/library-upload';
import { useLibraryMedia, type MediaAsset } from '@/lib/library-media';

const NOUN: Record<string, string> = {
  image: 'images',
  video: 'videos',
  audio: 'audio',
  'image,video': 'images and videos',
};
const tabClass =
  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-selected:bg-background data-selected:text-foreground data-selected:shadow-sm';

/** Marks a video tile, whose still frame looks like an image. */
function VideoBadge() {
  return (
    <span
      data-testid="video-badge"
      className="absolute top-1.5 left-1.5 z-10 inline-flex items-center gap-1 rounded bg-black/65 px-1.5 py-0.5 text-[11px] font-medium text-white"
    >
      <Film className="size-3" aria-hidden="true" />
      Video
    </span>
  );
}

function AssetTile({ asset, onPick }: { asset: MediaAsset; onPick: (asset: MediaAsset) => void }) {
  const [broken, setBroken] = useState(false);
  const Icon = asset.type === 'image' ? ImageIcon : asset.type === 'video' ? Film : AudioLines;
  return (
    <li>
      <button
        type="button"
        onClick={() => onPick(asset)}
        aria-label={`Add ${asset.title}`}
        className="group flex w-full flex-col overflow-hidden rounded-lg border bg-card text-left transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span className="relative flex aspect-video items-center justify-center overflow-hidden bg-muted">
          {asset.type === 'video' ? <VideoBadge /> : null}
          {asset.type === 'image' && !broken ? (
            <img
              src={asset.thumbnailUrl ?? asset.url}
              alt=""
              loading="lazy"
              onError={() => setBroken(true)}
              className="size-full object-cover"
            />
          ) : asset.type === 'video' ? (
            <video
              src={asset.url}
              muted
              preload="metadata"
              playsInline
              className="size-full bg-black object-cover"
              aria-hidden="true"
            />
          ) : (
            <Icon className="size-7 text-muted-foreground" aria-hidden="true" />
          )}
        </span>
        <span className="truncate px-2 py-1.5 text-xs font-medium" title={asset.title}>
          {asset.title}
        </span>
      </button>
    </li>
  );
}

function LibraryTab({
  types,
  onPick,
}: {
  types: readonly GenerationType[];
  onPick: (asset: MediaAsset) => void;
}) {
  // Mounted only while the dialog is on screen, so it listens only then.
  const media = useLibraryMedia(types);
  if (media.status === 'loading')
    return (
      <p
        role="status"
        className="flex h-full items-center justify-center gap-2 text-sm text-muted-foreground"
      >
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading your library...
      </p>
    );
  if (media.status === 'error')
    return (
      <p role="alert" className="flex h-full items-center justify-center text-sm text-destructive">
        Couldn't load your library. {media.error.message}
      </p>
    );
  if (media.data.length === 0)
    return (
      <p className="flex h-full items-center justify-center px-6 text-center text-sm text-muted-foreground">
        No {NOUN[types.join(',')] ?? 'media'} in your library yet. Upload one in Upload New.
      </p>
    );
  return (
    <ul aria-label="Library media" className="grid grid-cols-3 gap-2">
      {media.data.map((asset) => (
        <AssetTile key={asset.id} asset={asset} onPick={onPick} />
      ))}
    </ul>
  );
}

function UploadTab({
  types,
  onPick,
}: {
  types: readonly GenerationType[];
  onPick: (asset: MediaAsset) => void;
}) {
  const { user } = useAuth();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  const upload = async () => {
    if (!file) return;
    if (!user) {
      toast({
        title: 'Error',
        description: 'You must be logged in to upload assets',
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    try {
      const title = file.name.replace(/\.[^.]+$/, '').slice(0, 50) || file.name;
      const saved = await uploadToLibrary(user.uid, 'uploads', file, {
        fileName: file.name,
        title,
      });
      toast({ title: 'Asset uploaded successfully' });
      setFile(null);
      onPick({
        id: saved.generationId,
        type: saved.type,
        title,
        url: saved.url,
        thumbnailUrl: saved.type === 'image' ? saved.url : null,
        storagePath: saved.storagePath,
        contentType: file.type,
        sizeBytes: file.size,
      });
    } catch (error) {
      console.warn('upload failed', error);
      toast({
        title: 'Error',
        description: readCallableError(error, 'Failed to upload asset').message,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const accepted = (f: File) => types.some((t) => t === uploadKindOf(f.type));
  return (
    <div className="flex h-full flex-col justify-center gap-4 px-2">
      <div className="space-y-2">
        <Label htmlFor={inputId}>Choose a file</Label>
        <input
          id={inputId}
          type="file"
          accept={acceptAttribute(types)}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            if (chosen && !accepted(chosen)) {
              toast({
                title: 'Error',
                description: `Please choose ${NOUN[types.join(',')] ?? 'a media file'}.`,
                variant: 'destructive',
              });
              e.target.value = '';
              setFile(null);
              return;
            }
            setFile(chosen);
          }}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground"
        />
        {file ? <p className="truncate text-xs text-muted-foreground">{file.name}</p> : null}
      </div>
      <Button onClick={upload} disabled={!file} loading={busy}>
        {busy ? null : <Upload aria-hidden="true" />}
        Upload and Select
      </Button>
    </div>
  );
}

/** Add Media: the library as a 3-column grid in a 400 px high dialog, or a new upload. */
export function AddMediaDialog({
  open,
  title,
  types,
  onClose,
  onPick,
}: {
  open: boolean;
  title: string;
  types: readonly GenerationType[];
  onClose: () => void;
  onPick: (asset: MediaAsset) => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      testId="add-media-panel"
      className="flex h-[400px] max-w-2xl flex-col p-4"
    >
      <div className="mb-3 flex items-center justify-between">
        <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
        <Button variant="ghost" size="icon" className="size-8" onClick={onClose} aria-label="Close">
          <X aria-hidden="true" />
        </Button>
      </div>
      <TabGroup className="flex min-h-0 flex-1 flex-col">
        <TabList className="mb-3 flex gap-1 rounded-lg bg-muted p-1">
          <Tab className={tabClass}>Library</Tab>
          <Tab className={tabClass}>Upload New</Tab>
        </TabList>
        <TabPanels className={cn('min-h-0 flex-1')}>
          <TabPanel className="h-full overflow-y-auto pr-1 focus-visible:outline-none">
            <LibraryTab types={types} onPick={onPick} />
          </TabPanel>
          <TabPanel className="h-full focus-visible:outline-none">
            <UploadTab types={types} onPick={onPick} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </Modal>
  );
}
