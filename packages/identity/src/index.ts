export { identityPlugin, type IdentityPluginOptions } from './plugin.ts';
export { createIdentityService, type IdentityService } from './service.ts';
export type {
  CreateUserInput,
  FactorProof,
  IdentityUser,
  Passkey,
  RequestContext,
} from './types.ts';
export { identityMigrations } from './migrations.ts';
export { createEmbeddedIdentityAdmin, type IdentityAdmin } from './admin.ts';
export {
  DEFAULT_LIMITS,
  type FirstAuthFactor,
  type IdentityEmail,
  type IdentityLimits,
  type IdentityServiceOptions,
  type UserSignInFactors,
} from './options.ts';
export { IdentityError } from './errors.ts';
export {
  discoverIssuer,
  type FederatedSignIn,
  FederationRefusal,
  type FederationOptions,
  type IdentityProviderInput,
  type IdentityProviderRecord,
  isAllowedIssuer,
  OAuthError,
} from './federation.ts';
export {
  certificateInfo,
  parseIdpMetadata,
  SAML_ATTRIBUTES,
  SAML_CLOCK_SKEW_MS,
  type SamlCertificateInfo,
  type SamlIdpMetadata,
  type SamlProviderInput,
  type SamlProviderRecord,
  type SamlServiceProvider,
  type SamlSignIn,
  type SamlTestOutcome,
} from './saml.ts';
export { createSelfSignedCertificate } from './self-signed.ts';
export { createCryptoBox, type CryptoBox, SecretKeyMismatchError } from './crypto-box.ts';
export { closeSrpPool } from './srp-pool.ts';
export { createMemoryRateLimiter, type RateLimiter, type RateLimitVerdict } from './rate-limit.ts';
export {
  DEFAULT_PASSWORD_POLICY,
  passwordProblem,
  type PasswordAction,
  type PasswordPolicy,
} from './password-policy.ts';
export type { Jwks, PublicJwk } from './signing-keys.ts';
export type { UserStatus } from './repository.ts';
export type {
  EventOrigin,
  IdentityEvent,
  IdentityEventDetail,
  IdentityEventHook,
  RenewalFailureReason,
} from './identity-events.ts';
export {
  type SignInEvent,
  type SignInFailureReason,
  type SignInMethod,
  type SignInObserver,
  signInFailureReason,
} from './sign-in-events.ts';
