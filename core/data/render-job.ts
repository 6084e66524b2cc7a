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
  error: z
    .object({ message: z.string() })
    .nullable()
    .catch(null)
    .transform((e) => e?.message ?? null),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

export type RenderJob = z.output<typeof renderJobSchema> & { id: string };

export const toRenderJob = docConverter(renderJobSchema);
