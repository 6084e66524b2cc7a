// The sign-in screen's views, apart from the state machine (auth-view.ts) and its words (copy.ts) so
// neither imports the other back.

export const AUTH_VIEWS = [
  'sign_in',
  'sign_up',
  'forgotten_password',
  'magic_link',
  'update_password',
  'verify_otp',
] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];
