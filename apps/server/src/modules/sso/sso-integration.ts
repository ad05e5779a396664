import type { EventOrigin, FederatedSignIn } from '@laurel/identity';

/** Tokens of a company sign-in, as the identity service's token endpoint gives them. */
export interface FederatedTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * How the app talks to the identity service's OAuth 2.0 side: the embedded pool's
 * `/identity/oauth2/*` (in-process) or a Cognito user pool domain's `/oauth2/*` (HTTPS).
 */
export interface SsoIntegration {
  /** `…/oauth2/authorize`, where the browser is sent with `identity_provider=<name>`. */
  authorizeUrl: string;
  /** The app's callback route, registered as the client's allowed redirect. */
  callbackUrl: string;
  /** Where company providers send people back (register it at the provider as redirect URI). */
  providerRedirectUrl: string;
  /** The app client id sent as `client_id`. */
  clientId: string;
  /** Redeems a one-time code at `…/oauth2/token`; throws when it is invalid, expired or used. */
  exchangeCode(input: {
    code: string;
    redirectUri: string;
    codeVerifier: string;
    /** The browser's request that brought the code back (the embedded pool records the sign-in with it). */
    origin?: EventOrigin;
  }): Promise<FederatedTokens>;
  /**
   * Embedded pool only: who may come in through a company provider (Cognito calls a Lambda
   * trigger for this instead). The handler throws `FederationRefusal` to refuse.
   */
  setSignInHandler?: (handler: (input: FederatedSignIn) => Promise<void>) => void;
  /** Embedded pool only: told of every SAML answer refused, with the reason in plain words. */
  setRefusalHandler?: (
    handler: (input: { provider: string; reason: string }) => Promise<void>,
  ) => void;
}
