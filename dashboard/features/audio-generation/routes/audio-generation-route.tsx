import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Mic, Music } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@core/ui/cn';
import { MusicPanel } from '../components/music-panel';
import { VoiceoverPanel } from '../components/voiceover-panel';

const TABS = [
  { label: 'Music Generation', icon: Music },
  { label: 'Voiceover', icon: Mic },
] as const;

export function AudioGenerationRoute() {
  return (
    <div className="space-y-8">
      <PageHeader
        title="Audio Generation"
        description="Original music and natural voiceovers with ElevenLabs."
      />
      <TabGroup>
        <TabList className="grid w-full grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:max-w-md">
          {TABS.map(({ label, icon: Icon }) => (
            <Tab
              key={label}
              className={cn(
                'flex min-w-0 items-center justify-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-muted-foreground transition-colors',
                'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                'data-selected:bg-background data-selected:text-foreground data-selected:shadow-sm',
              )}
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{label}</span>
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-6">
          {/* Panels stay mounted so a running job keeps its progress while the other tab is open. */}
          <TabPanel unmount={false} className="focus-visible:outline-none">
            <MusicPanel />
          </TabPanel>
          <TabPanel unmount={false} className="focus-visible:outline-none">
            <VoiceoverPanel />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
