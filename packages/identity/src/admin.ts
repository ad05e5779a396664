/**
 * How the API changes identities: one interface, two implementations (the embedded pool, and AWS
 * Cognito through the AWS SDK v3 in cognito-admin.ts). Errors carry Cognito's exception names in
 * `error.name` in both (e.g. `UsernameExistsException`, `UserNotFoundException`, `InvalidPasswordException`).
 */
import type { IdentityProviderInput } from './federation.ts';
import type { SamlProviderInput, SamlTestOutcome } from './saml.ts';
import type { IdentityService } from './service.ts';
import type { CreateUserInput, FactorProof, IdentityUser } from './types.ts';

export type { IdentityUser };

export interface IdentityAdmin {
  /** Creates a user; without `password` the user must choose one at first sign-in. */
  createUser(input: CreateUserInput): Promise<{ username: string; temporaryPassword?: string }>;
  /** Sets a password; `permanent: false` makes it temporary (NEW_PASSWORD_REQUIRED at next sign-in). */
  setPassword(username: string, password: string, permanent: boolean): Promise<void>;
  /** Disables sign-in and revokes the user's tokens. */
  disableUser(username: string): Promise<void>;
  enableUser(username: string): Promise<void>;
  /** Removes the user's TOTP authenticator (and, embedded, remembered devices). */
  resetMfa(username: string): Promise<void>;
  /**
   * Checks the user's password or a current authenticator code before a security change; throws
   * an error named `NotAuthorizedException` or `CodeMismatchException` when it does not match.
   */
  verifyFactor(username: string, proof: FactorProof): Promise<void>;
  /** Whether the user must set up TOTP at the next sign-in (MFA_SETUP). */
  setMfaRequired(username: string, required: boolean): Promise<void>;
  /** Revokes every refresh token of the user; their access tokens stop working. */
  globalSignOut(username: string): Promise<void>;
  /** Replaces the user's groups (they appear as `cognito:groups` in tokens). */
  setGroups(username: string, groups: string[]): Promise<void>;
  getUserByEmail(email: string): Promise<IdentityUser | undefined>;
  /** Removes the user and everything of theirs (sessions, devices, codes). */
  deleteUser(username: string): Promise<void>;
  /** Adds or changes a company (OIDC) provider people sign in through; the secret is kept sealed. */
  upsertIdentityProvider(input: IdentityProviderInput): Promise<void>;
  deleteIdentityProvider(name: string): Promise<void>;
  /** Adds or changes a company SAML 2.0 provider from its metadata (XML, fetched by the app). */
  upsertSamlProvider(input: SamlProviderInput): Promise<void>;
  deleteSamlProvider(name: string): Promise<void>;
  /**
   * The pool as that provider's SAML service provider, to hand to the institution: entity id,
   * assertion consumer service and metadata (signed by the embedded pool).
   */
  samlServiceProvider(name: string): Promise<SamlServiceProviderInfo>;
  /**
   * Embedded pool only (Cognito has no such thing): a SAML sign-in through provider `name` that
   * signs nobody in, coming back to `returnUrl` with `saml_test=<testId>`.
   */
  startSamlTest?(name: string, returnUrl: string): Promise<{ url: string; testId: string }>;
  /** What that test sign-in received, or why it was refused; undefined until it comes back. */
  samlTestOutcome?(testId: string): Promise<SamlTestOutcome | undefined>;
}

export interface SamlServiceProviderInfo {
  entityId: string;
  acsUrl: string;
  /** The SP's certificate (PEM) for signatures and encryption; null where the pool does not say. */
  certificate: string | null;
  metadataXml: string;
}

/**
 * The embedded implementation: direct calls into the service.
 * @example const admin = createEmbeddedIdentityAdmin(service); await admin.disableUser(username)
 */
export function createEmbeddedIdentityAdmin(service: IdentityService): IdentityAdmin {
  return {
    createUser: (input) => service.createUser(input),
    setPassword: (username, password, permanent) =>
      service.setPassword(username, password, permanent),
    disableUser: (username) => service.disableUser(username),
    enableUser: (username) => service.enableUser(username),
    resetMfa: (username) => service.resetMfa(username),
    verifyFactor: (username, proof) => service.verifyFactor(username, proof),
    setMfaRequired: (username, required) => service.setMfaRequired(username, required),
    globalSignOut: (username) => service.globalSignOut(username),
    setGroups: (username, groups) => service.setGroups(username, groups),
    getUserByEmail: (email) => service.getUserByEmail(email),
    deleteUser: (username) => service.deleteUser(username),
    upsertIdentityProvider: (input) => service.upsertIdentityProvider(input),
    deleteIdentityProvider: (name) => service.deleteIdentityProvider(name),
    upsertSamlProvider: async (input) => {
      await service.upsertSamlProvider(input);
    },
    deleteSamlProvider: (name) => service.deleteSamlProvider(name),
    samlServiceProvider: (name) => service.samlServiceProvider(name),
    startSamlTest: (name, returnUrl) => service.startSamlTest(name, returnUrl),
    samlTestOutcome: (testId) => service.samlTestOutcome(testId),
  };
}
