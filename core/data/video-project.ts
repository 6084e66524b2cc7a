import { z } from 'zod';
import { DEFAULT_PROJECT_TITLE } from '../constants';
import { decodeMarkers } from '../editor/markers';
import { defaultProjectSettings, projectSettingsSchema, timelineItemSchema } from '../editor/model';
import { docConverter, label, optionalText, timestamp } from './fields';

/**
 * users/{uid}/videoProjects/{id} as the editor opens it (stored shape: VideoProjectDoc in
 * core/editor/model.ts): clips that no longer parse are dropped, bad settings fall back to the defaults,
 * the markers stored beside them (core/editor/markers.ts) join the settings, and a bad marker is dropped.
 */
export const videoProjectSchema = z
  .object({
    title: label(DEFAULT_PROJECT_TITLE),
    settings: z
      .object({
        timelineItems: z.array(z.unknown()).catch([]),
        project: z.unknown(),
        markers: z.unknown().optional(),
      })
      .catch({ timelineItems: [], project: undefined, markers: undefined }),
    thumbnailUrl: optionalText(),
    updatedAt: timestamp(),
  })
  .transform(({ settings, ...rest }) => {
    const project = projectSettingsSchema.safeParse(settings.project);
    const { markers: _inline, ...parsed } = project.success ? project.data : defaultProjectSettings;
    const markers = decodeMarkers(settings.markers);
    return {
      ...rest,
      items: settings.timelineItems.flatMap((raw) => {
        const parsed = timelineItemSchema.safeParse(raw);
        return parsed.success ? [parsed.data] : [];
      }),
      settings: markers.length ? { ...parsed, markers } : parsed,
    };
  });

export type VideoProject = z.output<typeof videoProjectSchema> & { id: string };

export const toVideoProject = docConverter(videoProjectSchema);
