// The listModels callable's input. Kept apart from core/ai-models.ts, which the dashboard's first page
// imports (core/constants.ts re-exports its defaults): zod loads only with the code that calls the callable.
import { z } from 'zod';
import { catalogueProviders } from './ai-models';

export const listModelsSchema = z.strictObject(
  {
    provider: z.enum(catalogueProviders, {
      error: `Unknown provider. Use one of: ${catalogueProviders.join(', ')}`,
    }),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `Unknown field: ${iss.keys.slice(0, 3).join(', ').slice(0, 80)}`
        : 'Invalid request',
  },
);
export type ListModelsInput = z.input<typeof listModelsSchema>;
