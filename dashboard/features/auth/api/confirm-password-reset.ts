import { confirmPasswordReset, type Auth } from 'firebase/auth';

export interface UpdatePasswordInput {
  code: string;
  newPassword: string;
}

/** Spends a verified reset code to set the new password. */
export async function updatePassword(auth: Auth, input: UpdatePasswordInput): Promise<void> {
  await confirmPasswordReset(auth, input.code, input.newPassword);
}
