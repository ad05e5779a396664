/**
 * When the identity service last answered a sign-in step with another step to take. It keeps
 * that step's sign-in for 3 minutes (spec §9, Cognito's default); the screens warn before then.
 * Kept outside React, so that a screen drawn again or another branch of the same route reads the
 * same start.
 */
export const SIGN_IN_STEP_SECONDS = 180;
/** How long before the end the warning shows: well over WCAG 2.2.1's 20 seconds to answer it. */
export const SIGN_IN_STEP_WARNING_SECONDS = 60;

let startedAt: number | undefined;

export function markSignInStepStarted(now = Date.now()) {
  startedAt = now;
}

/** The start of the step on screen, or `fallback` when no answer was seen (a reloaded page). */
export function signInStepStartedAt(fallback: number): number {
  return startedAt ?? fallback;
}
