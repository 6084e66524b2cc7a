import {
  createUserWithEmailAndPassword,
  sendEmailVerification,
  signOut,
  type Auth,
} from 'firebase/auth';

export interface SignUpInput {
  email: string;
  password: string;
  /** Where the confirmation email leads back to. */
  continueUrl: string;
}

/**
 * Creates the account and sends the confirmation email. Firebase signs a new account in at once;
 * we sign it out again so nobody gets a session before confirming the address.
 */
export async function signUp(auth: Auth, input: SignUpInput): Promise<void> {
  const { user } = await createUserWithEmailAndPassword(auth, input.email, input.password);
  try {
    await sendEmailVerification(user, { url: input.continueUrl });
  } finally {
    await signOut(auth);
  }
}
