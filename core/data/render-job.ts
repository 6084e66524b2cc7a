import { z } from 'zod';
import type { RenderStatus } from '../editor/model';
import { docConverter, optionalText, percent, text, timestamp } from './fields';

/** users/{uid}/renderJobs/{id} as the editor's banner follows it (stored shape: RenderJobDoc in core/editor/model.ts). */
export const renderJobSchema = z.object({
  projectId: text(),
  /** An unknown status is kept as is: the banner shows its neutral 'preparing' line for it. */
  status: z
    .string()
    .catch('processing')
    .transform((s): RenderStatus | (string & {}) => s),
  progress: percent(),
  outputUrl: optionalText(),
  outputPath: optionalText(),
  error: z.object({ code: z.string().optional(), message: z.string() }).nullable().catch(null),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** `error.code` of a job the user stopped: it ended without a video, and nothing went wrong. */
export const RENDER_CANCELLED_CODE = 'cancelled';

const renderJobView = renderJobSchema.transform(({ error, ...job }) => ({
  ...job,
  error: error?.message ?? null,
  /** Why it failed, for the UI to branch on (RENDER_CANCELLED_CODE); null for a plain failure. */
  errorCode: error?.code ?? null,
}));

export type RenderJob = z.output<typeof renderJobView> & { id: string };

export const toRenderJob = docConverter(renderJobView);
