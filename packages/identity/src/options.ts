import type { Kysely } from 'kysely';

import type { FederationOptions } from './federation.ts';
import type { PasswordPolicy } from './password-policy.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { IdentityEventHook } from './identity-events.ts';
import type { SignInObserver } from './sign-in-events.ts';

export interface IdentityEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is, so that an application can render it with its own template. */
  template?: { name: 'reset-code' | 'sign-in-code'; code: string; expiresInMinutes: number };
}

/** Limits of the pool; every one can be lowered in tests. */
export interface IdentityLimits {
  /** All actions from one client address per minute (TooManyRequestsException). */
  requestsPerIpPerMinute: number;
  /** Sign-in starts (InitiateAuth with a password flow) from one address per minute (TooManyRequestsException). */
  signInsPerIpPerMinute: number;
  /** ForgotPassword calls for one user per hour (LimitExceededException). */
  forgotPasswordPerUserPerHour: number;
  /** ForgotPassword calls from one address per hour (LimitExceededException). */
  forgotPasswordPerIpPerHour: number;
  /** Consecutive wrong passwords before sign-ins are refused for a while. */
  lockoutThreshold: number;
  /** First refusal period after the threshold; it doubles with every further wrong password. */
  lockoutBaseMs: number;
  lockoutMaxMs: number;
  /** Wrong codes allowed per reset code and per MFA or e-mailed-code sign-in session. */
  codeAttempts: number;
  /** Sign-in codes e-mailed to one user per hour (LimitExceededException). */
  emailCodesPerUserPerHour: number;
  /** Passkeys one user may register (LimitExceededException), as Cognito's 20. */
  passkeysPerUser: number;
}

/** A first sign-in factor of choice-based sign-in (USER_AUTH); the password is always one. */
export type FirstAuthFactor = 'PASSWORD' | 'EMAIL_OTP' | 'WEB_AUTHN';

/** What an application allows one user beyond the pool's policy (e.g. by their organization). */
export interface UserSignInFactors {
  emailOtp: boolean;
  webAuthn: boolean;
}

export const DEFAULT_LIMITS: IdentityLimits = {
  requestsPerIpPerMinute: 1200,
  signInsPerIpPerMinute: 120,
  forgotPasswordPerUserPerHour: 5,
  forgotPasswordPerIpPerHour: 30,
  lockoutThreshold: 5,
  lockoutBaseMs: 1000,
  lockoutMaxMs: 15 * 60 * 1000,
  codeAttempts: 5,
  emailCodesPerUserPerHour: 10,
  passkeysPerUser: 20,
};

export interface IdentityServiceOptions {
  /** Kysely instance over SQLite or PostgreSQL on which `identityMigrations` have run. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app schema: the service brings its own table types
  db: Kysely<any>;
  /** `<region>_<name>`, e.g. `eu-west-1_Laurel`; the SRP pool name is the part after `_`. */
  poolId: string;
  /** The one app client of the pool. */
  clientId: string;
  /** Public base URL of the app, e.g. `http://localhost:3000`; the issuer is `<publicUrl>/identity/<poolId>`. */
  publicUrl: string;
  /** Secret from which the keys sealing private signing keys, TOTP secrets and SRP state are derived. */
  secretKey: string;
  /** Delivers password reset codes. */
  sendEmail: (email: IdentityEmail) => Promise<void>;
  /** Clock in epoch milliseconds (tests move it). */
  now?: () => number;
  /** Lifetime of id and access tokens; 3600 by default. */
  tokenTtlSeconds?: number;
  /** Lifetime of refresh tokens; 30 days by default. */
  refreshTokenTtlSeconds?: number;
  /** Lifetime of a sign-in Session and of an SRP SECRET_BLOCK; 180 by default, as Cognito. */
  authSessionTtlSeconds?: number;
  /** Days a temporary password works; 7 by default, as Cognito. */
  temporaryPasswordValidityDays?: number;
  /**
   * Cognito's "prevent user existence errors" (on by default, as for new Cognito pools): unknown
   * users get NotAuthorizedException at sign-in and a simulated delivery from ForgotPassword.
   */
  preventUserExistenceErrors?: boolean;
  /** Device tracking: `opt-in` (default; remembered after `rememberDevice()`), `always`, or `off`. */
  deviceTracking?: 'off' | 'opt-in' | 'always';
  limits?: Partial<IdentityLimits>;
  passwordPolicy?: Partial<PasswordPolicy>;
  /** Replaces the in-process limiter (e.g. with one on Redis). */
  rateLimiter?: RateLimiter;
  /** How long `isSessionActive` may answer from its cache; 5000 ms by default. */
  sessionCacheMs?: number;
  /**
   * Worker threads for the SRP arithmetic, shared by the process's services; one per core by
   * default, 0 to compute on the calling thread. Started on the first sign-in, not at creation.
   */
  srpWorkers?: number;
  /** Company sign-in (OAuth 2.0 endpoints and OIDC providers); without it no one can sign in that way. */
  federation?: FederationOptions;
  /**
   * First factors of choice-based sign-in (Cognito's AllowedFirstAuthFactors); `PASSWORD` is
   * always allowed. Only `['PASSWORD']` by default, as a new Cognito pool.
   */
  allowedFirstAuthFactors?: FirstAuthFactor[];
  /**
   * Narrows the pool's first factors for one user (the application knows their organization).
   * Asked whenever the pool decides what a user may sign in with or register; a factor the pool
   * does not allow stays off whatever this answers.
   */
  signInFactorsFor?: (username: string) => Promise<UserSignInFactors>;
  /**
   * Passkeys' relying party: its id (a domain, by default the host name of `publicUrl`) and the
   * origins an authenticator's answer may come from (by default the origin of `publicUrl`).
   */
  webAuthn?: { relyingPartyId?: string; relyingPartyName?: string; origins?: string[] };
  /** Told how every sign-in ends (metrics); see `SignInObserver`. */
  onSignIn?: SignInObserver;
  /** Told of every account event inside the transaction of its change (audit); see `IdentityEventHook`. */
  onEvent?: IdentityEventHook;
}
