import { createRemoteJWKSet, customFetch, errors, type JWTVerifyGetKey } from 'jose';

/**
 * The identity provider's key set could not be read (network error, timeout, an answer other
 * than 200, a body that is not a key set): no token can be checked, whoever sent it.
 */
export class KeySetUnavailableError extends Error {
  override name = 'KeySetUnavailableError';
}

/** How long a key set request may take before the provider counts as unreachable. */
const KEY_SET_TIMEOUT_MS = 5_000;

/**
 * Keys of a remote JWKS (AWS Cognito's), cached and re-read as jose does. A failure to read the
 * key set is a `KeySetUnavailableError` naming the address and the cause, so that callers can tell
 * "the provider is unreachable" from "this token is not valid".
 * @example const getKey = createRemoteKeySet(new URL(`${issuer}/.well-known/jwks.json`));
 */
export function createRemoteKeySet(
  url: URL,
  options: { timeoutMs?: number } = {},
): JWTVerifyGetKey {
  const timeoutMs = options.timeoutMs ?? KEY_SET_TIMEOUT_MS;
  const keySet = createRemoteJWKSet(url, {
    timeoutDuration: timeoutMs,
    [customFetch]: async (input: string | URL | Request, init?: RequestInit) => {
      let response: Response;
      try {
        response = await fetch(input, init);
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') throw error; // jose reports the timeout
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        throw new KeySetUnavailableError(
          `The key set at ${url.href} could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`,
          { cause: error },
        );
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new KeySetUnavailableError(
          `The key set at ${url.href} answered HTTP ${response.status}`,
        );
      }
      return response;
    },
  });
  return async (header, token) => {
    try {
      return await keySet(header, token);
    } catch (error) {
      if (error instanceof KeySetUnavailableError) throw error;
      if (error instanceof errors.JWKSTimeout)
        throw new KeySetUnavailableError(
          `The key set at ${url.href} did not answer within ${timeoutMs} ms`,
          { cause: error },
        );
      // A 200 answer whose body is not JSON or not a key set (a proxy's error page, say).
      if (
        error instanceof errors.JWKSInvalid ||
        (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC')
      )
        throw new KeySetUnavailableError(
          `The key set at ${url.href} did not return a key set (${error.message})`,
          { cause: error },
        );
      throw error;
    }
  };
}
