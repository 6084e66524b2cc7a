import { z } from 'zod';
import { FEEDBACK_MAX_CHARS, THEMES } from './constants';

/** What a user may write on their own profile document (users/{uid}). Rules enforce the same keys. */
export const profileSettingsSchema = z.object({
  emailNotifications: z.boolean(),
  projectUpdates: z.boolean(),
  animations: z.boolean(),
});
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;
export const defaultProfileSettings: ProfileSettings = {
  emailNotifications: false,
  projectUpdates: true,
  animations: true,
};

export const displayNameSchema = z
  .string()
  .trim()
  .max(80, 'Display name must be 80 characters or fewer');

export const themeSchema = z.enum(THEMES);

export const feedbackInputSchema = z
  .object({
    text: z
      .string({ error: 'Please enter your feedback' })
      .trim()
      .min(1, 'Please enter your feedback')
      .max(FEEDBACK_MAX_CHARS, `Feedback must be ${FEEDBACK_MAX_CHARS} characters or fewer`),
    page: z.string().max(200).optional(),
  })
  .strict();
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

export { generationTypes, type GenerationType } from './jobs';
