/**
 * The types every part of the embedded pool shares. A leaf: it imports only types of modules that
 * import nothing of the pool, so no part ever imports a module that imports it back.
 */
import type { EventOrigin } from './identity-events.ts';
import type { UserStatus } from './repository.ts';
import type { SignInMethod } from './sign-in-events.ts';

/** A protocol call's JSON body. */
export type Input = Record<string, unknown>;

/** A protocol call's JSON answer. */
export type Output = Record<string, unknown>;

export interface RequestContext {
  /** Client address, used for rate limits and told with account events. */
  ip: string;
  /** The HTTP request's id, told with account events. */
  requestId?: string;
}

/** A passkey of a user, as the profile lists it. */
export interface Passkey {
  credentialId: string;
  name: string | null;
  relyingPartyId: string;
  attachment: string | null;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface IdentityUser {
  username: string;
  email: string;
  enabled: boolean;
  status: UserStatus;
  groups: string[];
  attributes: Record<string, string>;
  mfaRequired: boolean;
  mfaEnabled: boolean;
  /** Codes e-mailed at sign-in are a second factor of this user. */
  emailMfaEnabled: boolean;
  createdAt: Date;
}

export interface CreateUserInput {
  email: string;
  /** The user must choose a new password at first sign-in (NEW_PASSWORD_REQUIRED). */
  temporaryPassword?: string;
  /** A permanent password (status CONFIRMED). When neither is given a temporary one is generated. */
  password?: string;
  groups?: string[];
  /** Standard or `custom:` attributes, e.g. `{ given_name: 'Ada' }`. */
  attributes?: Record<string, string>;
  mfaRequired?: boolean;
  /**
   * Signs in only through a company provider (status EXTERNAL_PROVIDER): no password is set and
   * password sign-in and reset treat the user as unknown.
   */
  federated?: boolean;
}

/** What a user shows to prove it is them before a security change. */
export type FactorProof = { password: string } | { code: string };

/** What one protocol call knows about itself: where it came from and whose account it concerns. */
export interface CallState {
  origin: EventOrigin;
  /** The known user a sign-in concerns, once the call has found them. */
  subject?: string;
  /** How the sign-in this call continues proves who it is (a password unless told otherwise). */
  method?: SignInMethod;
}

/** The SRP state of a sign-in between its two calls, sealed into `SECRET_BLOCK`. */
export interface SecretBlock {
  kind: 'user' | 'device' | 'fake';
  username: string;
  deviceKey?: string;
  A: string;
  B: string;
  b: string;
  exp: number;
}

export interface SignInContext {
  clientId: string;
  deviceKey: string | null;
  /** Whether the device already proved itself (DEVICE_PASSWORD_VERIFIER), which skips MFA. */
  deviceVerified: boolean;
}
