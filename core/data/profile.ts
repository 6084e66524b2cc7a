import { z } from 'zod';
import { toScheduling } from '../queue-slots';
import { defaultProfileSettings } from '../schemas';
import { flag } from './fields';

/** users/{uid}: the profile. Missing or malformed settings fall back to the defaults one by one. */
export const profileSchema = z.object({
  displayName: z
    .string()
    .nullable()
    .catch(null)
    .transform((s) => (s?.trim() ? s : null)),
  settings: z
    .object({
      emailNotifications: flag(defaultProfileSettings.emailNotifications),
      projectUpdates: flag(defaultProfileSettings.projectUpdates),
      animations: flag(defaultProfileSettings.animations),
    })
    .catch(defaultProfileSettings),
  /** The workspace time zone and each channel's posting slots (core/queue-slots.ts). */
  scheduling: z.unknown().optional().transform(toScheduling),
});

export type Profile = z.output<typeof profileSchema>;

export function toProfile(data: unknown): Profile {
  return profileSchema.parse(typeof data === 'object' && data !== null ? data : {});
}
