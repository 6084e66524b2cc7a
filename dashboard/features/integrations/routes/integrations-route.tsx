import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Cpu, Share2, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@core/ui/cn';
import { useKeyStatuses } from '@/lib/integration-statuses';
import { useNow } from '@/lib/use-now';
import { toast } from '@/lib/toast';
import { useSocialAccounts } from '../api/get-social-accounts';
import { ApiKeysPanel } from '../components/api-keys-panel';
import { SocialPanel } from '../components/social-panel';
import { generationCards, llmCards } from '../utils/integration-cards';

// ?tab= keeps the chosen tab in the URL, so other pages can link straight to the social forms.
const tabs = [
  { id: 'generation', label: 'Generation APIs', icon: Sparkles },
  { id: 'llm', label: 'LLM APIs', icon: Cpu },
  { id: 'social', label: 'Social Media', icon: Share2 },
] as const;

function useLoadFailureToast(failed: Error | null, title: string) {
  useEffect(() => {
    if (failed) toast({ title, description: failed.message, variant: 'destructive' });
  }, [failed, title]);
}

export function IntegrationsRoute() {
  const [params, setParams] = useSearchParams();
  const selected = Math.max(
    0,
    tabs.findIndex((t) => t.id === params.get('tab')),
  );
  const keys = useKeyStatuses();
  const social = useSocialAccounts();
  const now = useNow();
  useLoadFailureToast(
    keys.state.status === 'error' ? keys.state.error : null,
    'Failed to load API keys',
  );
  useLoadFailureToast(
    social.state.status === 'error' ? social.state.error : null,
    'Failed to load social media credentials',
  );

  const select = (index: number) => {
    const id = tabs[index]?.id ?? 'generation';
    setParams(id === 'generation' ? {} : { tab: id }, { replace: true });
  };

  return (
    <div>
      <PageHeader
        title="Integrations"
        description="Your own provider API keys and social accounts. They are encrypted on our servers; this page only ever shows their last 4 characters."
      />
      <TabGroup selectedIndex={selected} onChange={select}>
        <TabList className="mb-6 grid grid-cols-3 gap-1 rounded-lg bg-muted p-1 text-muted-foreground sm:inline-grid sm:w-auto">
          {tabs.map(({ id, label, icon: Icon }) => (
            <Tab
              key={id}
              className={cn(
                'flex min-w-0 items-center justify-center gap-2 rounded-md px-2 py-1.5 text-xs font-medium whitespace-nowrap transition-colors sm:px-4 sm:text-sm',
                'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                'data-selected:bg-background data-selected:text-foreground data-selected:shadow-sm',
              )}
            >
              <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
              {label}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel unmount={false} className="focus-visible:outline-none">
            <ApiKeysPanel cards={generationCards} state={keys.state} retry={keys.retry} now={now} />
          </TabPanel>
          <TabPanel unmount={false} className="focus-visible:outline-none">
            <ApiKeysPanel cards={llmCards} state={keys.state} retry={keys.retry} now={now} />
          </TabPanel>
          <TabPanel unmount={false} className="focus-visible:outline-none">
            <SocialPanel state={social.state} retry={social.retry} now={now} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
