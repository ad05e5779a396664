/**
 * The offer to add a passkey after signing in with a password: asked once per person on this
 * browser, whether they add one or say not now.
 */
const PASSWORD_SIGN_IN_KEY = 'laurel.passkeyOffer.passwordSignIn';
const ANSWERED_KEY_PREFIX = 'laurel.passkeyOffer.answered.';

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be switched off; then the offer is simply not made.
    return null;
  }
}

/** This tab's sign-in in progress uses a password. */
export function rememberPasswordSignIn(): void {
  storage('session')?.setItem(PASSWORD_SIGN_IN_KEY, String(Date.now()));
}

/** The last sign-in in this tab used a password and the offer has not been considered yet. */
export function signedInWithPassword(): boolean {
  return Boolean(storage('session')?.getItem(PASSWORD_SIGN_IN_KEY));
}

/** The offer has been considered for this sign-in (shown, or not needed). */
export function forgetPasswordSignIn(): void {
  storage('session')?.removeItem(PASSWORD_SIGN_IN_KEY);
}

/** The person already answered the offer on this browser. */
export function offerAnswered(userId: string): boolean {
  const local = storage('local');
  return !local || local.getItem(ANSWERED_KEY_PREFIX + userId) !== null;
}

/** Remembers that the person answered the offer ("Not now" or added a passkey). */
export function rememberOfferAnswered(userId: string): void {
  storage('local')?.setItem(ANSWERED_KEY_PREFIX + userId, new Date().toISOString());
}
