/** The labels of the ways to sign in without the password. */
export const PASSWORDLESS_LABELS = {
  passkey: 'Sign in with a passkey',
  emailCode: 'E-mail me a code',
} as const;
