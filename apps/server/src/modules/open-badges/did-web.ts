import { DID_CONTEXT, MULTIKEY_CONTEXT } from './contexts.ts';

/**
 * The did:web of an issuing organization under PUBLIC_URL: host (a port percent-encoded as the
 * method requires), the URL's path segments, then `issuers:<public id>`.
 * @example issuerDid('http://localhost:3000', 'k3x9') === 'did:web:localhost%3A3000:issuers:k3x9'
 */
export function issuerDid(publicUrl: string, publicId: string): string {
  const url = new URL(publicUrl);
  const host = url.port ? `${url.hostname}%3A${url.port}` : url.hostname;
  const segments = url.pathname.split('/').filter(Boolean).map(encodeURIComponent);
  return ['did:web', host, ...segments, 'issuers', publicId].join(':');
}

/**
 * Where a did:web's document is: `https://host[:port]/path/did.json` (or `/.well-known/did.json`
 * for a bare host). Null for anything that is not a well-formed did:web.
 */
export function didWebDocumentUrl(did: string): URL | null {
  const match = /^did:web:([^:#?/]+)((?::[^:#?/]+)*)$/.exec(did);
  if (!match) return null;
  const host = decodeURIComponent(match[1]!);
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host)) return null;
  const path = match[2]!
    .split(':')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(decodeURIComponent(segment)));
  try {
    return new URL(
      path.length
        ? `https://${host}/${path.join('/')}/did.json`
        : `https://${host}/.well-known/did.json`,
    );
  } catch {
    return null;
  }
}

export interface PublishedKey {
  /** Full verification method id, `did…#key-…`. */
  id: string;
  publicKeyMultibase: string;
}

/** The DID document: every key the issuer has not removed (retired ones still verify old credentials). */
export function didDocument(did: string, keys: PublishedKey[]) {
  return {
    '@context': [DID_CONTEXT, MULTIKEY_CONTEXT],
    id: did,
    verificationMethod: keys.map((key) => ({
      id: key.id,
      type: 'Multikey',
      controller: did,
      publicKeyMultibase: key.publicKeyMultibase,
    })),
    assertionMethod: keys.map((key) => key.id),
  };
}

/** A did:key (Ed25519) resolved without any request: its document is its key. */
export function didKeyDocument(did: string) {
  const match = /^did:key:(z6Mk[1-9A-HJ-NP-Za-km-z]+)$/.exec(did.split('#')[0]!);
  if (!match) return null;
  const id = `${did.split('#')[0]}#${match[1]}`;
  return {
    '@context': [DID_CONTEXT, MULTIKEY_CONTEXT],
    id: did.split('#')[0],
    verificationMethod: [
      { id, type: 'Multikey', controller: did.split('#')[0], publicKeyMultibase: match[1] },
    ],
    assertionMethod: [id],
    authentication: [id],
  };
}
