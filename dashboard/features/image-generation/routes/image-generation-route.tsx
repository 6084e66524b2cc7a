import { useCallback, useRef, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import type { Job } from '@core/data/job';
import { GenerationSettings } from '../components/generation-settings';
import { PreviewCard } from '../components/preview-card';
import { RecentGenerations } from '../components/recent-generations';
import { useImageDownload } from '../hooks/use-image-download';
import { useImageGeneration } from '../hooks/use-image-generation';
import { defaultImageForm, formFromJobInput, type ImageFormValues } from '../utils/form';

export function ImageGenerationRoute() {
  const [form, setForm] = useState<ImageFormValues>(defaultImageForm);
  const touched = useRef(false);
  // A job found after a reload brings its settings back, unless the user has already started typing.
  const onAdopt = useCallback((job: Job) => {
    if (!touched.current) setForm((f) => formFromJobInput(job.input, f));
  }, []);
  const generation = useImageGeneration({ onAdopt });
  const { download, pending } = useImageDownload();
  const busy = generation.view.kind === 'running';

  const onChange = useCallback((patch: Partial<ImageFormValues>) => {
    touched.current = true;
    setForm((f) => ({ ...f, ...patch }));
  }, []);

  return (
    <div className="space-y-8">
      <PageHeader
        title="Image Generation"
        description="Create images from a prompt, or transform one of yours, with Black Forest Labs FLUX."
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <GenerationSettings
          form={form}
          onChange={onChange}
          busy={busy}
          onGenerate={generation.generate}
        />
        <PreviewCard
          view={generation.view}
          onCancel={generation.cancel}
          isCancelling={generation.isCancelling}
          onDownload={download}
          isDownloading={
            pending !== null && generation.view.kind === 'result' && pending === generation.view.url
          }
        />
      </div>
      <RecentGenerations onDownload={download} pendingUrl={pending} />
    </div>
  );
}
