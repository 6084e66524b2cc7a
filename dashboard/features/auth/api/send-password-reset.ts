import { sendPasswordResetEmail, type Auth } from 'firebase/auth';

export interface SendPasswordResetInput {
  email: string;
  continueUrl: string;
}

export async function sendPasswordReset(auth: Auth, input: SendPasswordResetInput): Promise<void> {
  await sendPasswordResetEmail(auth, input.email, { url: input.continueUrl });
}
