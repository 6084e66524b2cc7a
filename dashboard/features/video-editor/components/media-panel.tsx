import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useSetAtom } from 'jotai';
import { AudioLines, Film, ImageIcon, Plus, Type } from 'lucide-react';
import { useState } from 'react';
import type { GenerationType } from '@core/jobs';
import { Button } from '@core/ui/button';
import { addClipAtom } from '../atoms';
import type { MediaAsset } from '@/lib/library-media';
import { createClip } from '../model/timeline';
import { probeMediaDuration } from '../utils/probe-duration';
import { AddMediaDialog } from '@/components/media/add-media-dialog';

type Picker = { title: string; types: readonly GenerationType[] } | null;

const tabClass =
  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-selected:bg-background data-selected:text-foreground data-selected:shadow-sm';

const newId = () => crypto.randomUUID().replace(/-/g, '').slice(0, 20);

export function MediaPanel() {
  const addClip = useSetAtom(addClipAtom);
  const [picker, setPicker] = useState<Picker>(null);

  const onPick = async (asset: MediaAsset) => {
    setPicker(null);
    const source = {
      url: asset.url,
      name: asset.title,
      generationId: asset.id,
      ...(asset.storagePath ? { storagePath: asset.storagePath } : {}),
    };
    if (asset.type === 'audio' || asset.type === 'video') {
      // An audio or video clip lasts as long as its file (within the clip range) when the browser can tell:
      // a 5 s clip in a 10 s slot would freeze on its last frame for the rest.
      const seconds = await probeMediaDuration(asset.url, asset.type);
      addClip(createClip(asset.type, newId(), source, seconds ?? undefined));
    } else {
      addClip(createClip(asset.type, newId(), source));
    }
  };

  return (
    <section aria-label="Media and effects" className="rounded-xl border bg-card p-4 shadow-sm">
      <TabGroup>
        <TabList className="mb-4 flex gap-1 rounded-lg bg-muted p-1">
          <Tab className={tabClass}>Media</Tab>
          <Tab className={tabClass}>Effects</Tab>
        </TabList>
        <TabPanels>
          <TabPanel className="space-y-2 focus-visible:outline-none">
            <Button
              className="w-full"
              onClick={() => setPicker({ title: 'Add Media', types: ['image', 'video'] })}
            >
              <Plus aria-hidden="true" />
              Add Media
            </Button>
            <Button
              variant="outline"
              className="w-full"
              onClick={() => setPicker({ title: 'Add Image', types: ['image'] })}
            >
              <ImageIcon aria-hidden="true" />
              Add Image
            </Button>
            <Button
              variant="outline"
              className="w-full"
              onClick={() => setPicker({ title: 'Add Video', types: ['video'] })}
            >
              <Film aria-hidden="true" />
              Add Video
            </Button>
          </TabPanel>
          <TabPanel className="space-y-2 focus-visible:outline-none">
            <Button
              variant="outline"
              className="w-full"
              onClick={() => addClip(createClip('title', newId()))}
            >
              <Type aria-hidden="true" />
              Add Title
            </Button>
            <Button
              variant="outline"
              className="w-full"
              onClick={() => setPicker({ title: 'Add Audio', types: ['audio'] })}
            >
              <AudioLines aria-hidden="true" />
              Add Audio
            </Button>
          </TabPanel>
        </TabPanels>
      </TabGroup>
      {/* A closing dialog keeps its last title and list while it fades (AnimatePresence holds the old render). */}
      <AddMediaDialog
        open={picker !== null}
        title={picker?.title ?? ''}
        types={picker?.types ?? []}
        onClose={() => setPicker(null)}
        onPick={(a) => void onPick(a)}
      />
    </section>
  );
}
