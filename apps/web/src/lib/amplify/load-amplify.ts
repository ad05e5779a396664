import type { AuthClient, IdentityPoolConfig } from './amplify-client';
import { setIdTokenProvider } from '../auth-token/id-token';
import { nextTask } from '../routing/after-paint';

export type { AuthClient, IdentityPoolConfig };

let loading: Promise<AuthClient> | null = null;

/**
 * Loads and configures aws-amplify once. Registers the id token with the API client, so every
 * request made while signed in carries `Authorization: Bearer <id token>`.
 */
export function loadAuthClient(config: IdentityPoolConfig): Promise<AuthClient> {
  loading ??= import('./amplify-client')
    // Evaluating aws-amplify is one task of its own; configuring it and the session's first
    // checks (cookies read, tokens decoded) run in the next, so that neither holds a phone's main
    // thread for long (each was about half of one 100 ms task on a throttled phone).
    .then(async (client) => {
      await nextTask();
      return client;
    })
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
