import type { AuthClient, IdentityPoolConfig } from './amplify-client';
import { setIdTokenProvider } from '../auth-token/id-token';

export type { AuthClient, IdentityPoolConfig };

let loading: Promise<AuthClient> | null = null;

/**
 * Loads and configures aws-amplify once. Registers the id token with the API client, so every
 * request made while signed in carries `Authorization: Bearer <id token>`.
 */
export function loadAuthClient(config: IdentityPoolConfig): Promise<AuthClient> {
  loading ??= import('./amplify-client')
    .then(({ authClient, configureAmplify }) => {
      configureAmplify(config);
      setIdTokenProvider(async () =>
        (await authClient.fetchAuthSession()).tokens?.idToken?.toString(),
      );
      return authClient;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** Starts downloading the identity client without configuring it, for when it will soon be needed. */
export function preloadAuthClient(): void {
  void import('./amplify-client').catch(() => undefined);
}
