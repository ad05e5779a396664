import type { Kysely } from 'kysely';

import type { SignInFailureReason, SignInMethod } from './sign-in-events.ts';

/** Where an action came from, when the pool knows: the client's address and the request's id. */
export interface EventOrigin {
  ip?: string;
  requestId?: string;
}

/** Why a refresh token was refused although it names a sign-in of this pool. */
export type RenewalFailureReason = 'revoked' | 'expired' | 'user_disabled';

/** What happened, without who and where (see `IdentityEvent`). */
export type IdentityEventDetail =
  /** Tokens issued; `sessionId` is the sign-in's `origin_jti`. */
  | { type: 'SIGN_IN'; method: SignInMethod; sessionId: string }
  /** A sign-in of a known user refused (unknown users are not reported). */
  | { type: 'SIGN_IN_FAILED'; method: SignInMethod; reason: SignInFailureReason }
  /** RevokeToken (this sign-in) or GlobalSignOut (every sign-in of the user). */
  | { type: 'SIGN_OUT'; sessionId: string; everywhere: boolean }
  | { type: 'SESSION_RENEWAL_FAILED'; sessionId: string; reason: RenewalFailureReason }
  /** ChangePassword, or the password chosen at the first sign-in (NEW_PASSWORD_REQUIRED). */
  | { type: 'PASSWORD_CHANGE'; firstPassword: boolean }
  /** ForgotPassword sent a code, or ConfirmForgotPassword set a new password with it. */
  | { type: 'PASSWORD_RESET'; step: 'code_sent' | 'completed' }
  /** An authenticator app became the user's second factor (or replaced the one they had). */
  | { type: 'MFA_SET_UP'; duringSignIn: boolean; replaced: boolean }
  | { type: 'MFA_REMOVED' }
  /** E-mailed codes became (or stopped being) a second factor of the user. */
  | { type: 'EMAIL_MFA_CHANGED'; enabled: boolean }
  /** A passkey was registered (CompleteWebAuthnRegistration) or deleted. */
  | { type: 'PASSKEY_ADDED'; credentialId: string; name: string | null }
  | { type: 'PASSKEY_REMOVED'; credentialId: string; name: string | null };

/** An account event a person caused through the pool's protocol. */
export type IdentityEvent = IdentityEventDetail & { username: string; origin: EventOrigin };

/**
 * Told of every account event a person causes through the pool's protocol (sign-ins and refused
 * sign-ins of known users, sign-outs, refused refreshes, password and authenticator changes).
 * An event that comes with a change is told inside the transaction of that change, with the
 * transaction as `executor`, so that an application records it there: both commit, or neither.
 * Events without a change (a refused sign-in or refresh) come with the pool's database. What the
 * hook throws fails the action. Changes made through `IdentityAdmin` are not told: the
 * application that makes them records them itself. On SQLite the hook must use `executor` for
 * every query (the transaction holds the only connection).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app schema: the hook writes the application's own tables
export type IdentityEventHook = (event: IdentityEvent, executor: Kysely<any>) => Promise<void>;
