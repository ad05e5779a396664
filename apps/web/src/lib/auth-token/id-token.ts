/**
 * The API client needs the signed-in user's id token, but the identity client (aws-amplify) is
 * loaded only when it is needed. The auth feature registers a provider here once it is ready.
 */
type IdTokenProvider = () => Promise<string | undefined>;

let provider: IdTokenProvider | null = null;

export function setIdTokenProvider(next: IdTokenProvider | null): void {
  provider = next;
}

export async function getIdToken(): Promise<string | undefined> {
  if (!provider) return undefined;
  try {
    return await provider();
  } catch {
    return undefined;
  }
}
