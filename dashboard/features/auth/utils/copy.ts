import type { AuthView } from './views';

// Labels and texts of the sign-in screen.
export const authCopy = {
  title: 'Welcome Back',
  subtitle: 'Sign in to manage your integrations',
  emailLabel: 'Email address',
  emailPlaceholder: 'Your email address',
  tokenLabel: 'Token',
  tokenPlaceholder: 'Your OTP token',
  links: {
    forgotPassword: 'Forgot your password?',
    signUp: "Don't have an account? Sign up",
    signIn: 'Already have an account? Sign in',
  },
  checkingLink: 'Checking your link ...',
  magicLinkNeedsEmail: 'Enter the email address the link was sent to, to finish signing in.',
  success: {
    signUp: 'Check your email for the confirmation link',
    magicLink: 'Check your email for the magic link',
    resetPassword: 'Check your email for the password reset link',
    passwordUpdated: 'Your password has been updated',
    emailConfirmed: 'Your email has been confirmed. You can sign in now.',
    emailRestored: 'Your email address has been restored. You can sign in with it now.',
    emailChanged: 'Your new email address has been confirmed. You can sign in with it now.',
  },
} as const;

export interface ViewCopy {
  /** The card's header, when the view is not a return visit (the default is authCopy.title and subtitle). */
  title?: string;
  subtitle?: string;
  /** One line under the card header that says what this view is for; none on sign_in. */
  hint?: string;
  passwordLabel?: string;
  passwordPlaceholder?: string;
  passwordAutoComplete?: 'current-password' | 'new-password';
  button: string;
  loadingButton: string;
}

export const viewCopy: Record<AuthView, ViewCopy> = {
  sign_in: {
    passwordLabel: 'Your Password',
    passwordPlaceholder: 'Your password',
    passwordAutoComplete: 'current-password',
    button: 'Sign in',
    loadingButton: 'Signing in ...',
  },
  sign_up: {
    title: 'Create your account',
    subtitle: 'Make media with AI and publish it, with your own keys',
    hint: 'We will email you a link to confirm it.',
    passwordLabel: 'Create a Password',
    passwordPlaceholder: 'Your password',
    passwordAutoComplete: 'new-password',
    button: 'Sign up',
    loadingButton: 'Signing up ...',
  },
  forgotten_password: {
    hint: 'Enter your email and we will send you a link to choose a new password.',
    button: 'Send reset password instructions',
    loadingButton: 'Sending reset instructions ...',
  },
  magic_link: {
    hint: 'Enter your email and we will send you a link that signs you in.',
    button: 'Send Magic Link',
    loadingButton: 'Sending Magic Link ...',
  },
  update_password: {
    hint: 'Choose a new password for your account.',
    passwordLabel: 'New password',
    passwordPlaceholder: 'Your new password',
    passwordAutoComplete: 'new-password',
    button: 'Update password',
    loadingButton: 'Updating password ...',
  },
  verify_otp: {
    hint: 'Enter your email and the code from the email we sent you.',
    button: 'Verify token',
    loadingButton: 'Verifying ...',
  },
};
