import type { Kysely } from 'kysely';

import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { issuerDid } from './did-web.ts';
import { resolveSecretKey } from '../../db/secret-key.ts';
import { createIssuer, type Issuer, publicAddresses } from './issuer.ts';
import { createOpenBadgesRepository } from './open-badges.repository.ts';
import { createSigner } from './signing.ts';
import { createVerifier } from './verification.ts';

export interface OpenBadgesOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  publicUrl: string;
  /** SECRET_KEY; the demo database's own key when it is not configured. */
  secretKey: string | undefined;
}

/**
 * The parts of signed credentials, assembled once per process (the server and the job thread):
 * repository, issuer (key, signing, status lists) and the verifier with Laurel's own documents.
 */
export function createOpenBadges(
  options: OpenBadgesOptions & {
    outboundFetch?: (url: string, init?: object) => Promise<Response>;
  },
) {
  const repository = createOpenBadgesRepository(options.db, options.dialect);
  const signer = createSigner();
  let issuer: Promise<Issuer> | undefined;
  const getIssuer = () =>
    (issuer ??= Promise.resolve(
      createIssuer({
        db: options.db,
        repository,
        signer,
        publicUrl: options.publicUrl,
        secretKey: () => resolveSecretKey(options.db, options.secretKey),
      }),
    ));
  const didPrefix = issuerDid(options.publicUrl, '');
  const statusPrefix = publicAddresses(options.publicUrl).statusList('');

  /** Laurel's own issuers' DID documents and its status lists, read from the database. */
  async function localDocument(url: string): Promise<Record<string, unknown> | null> {
    if (url.startsWith(didPrefix)) {
      const found = await repository.issuerByPublicId(url.slice(didPrefix.length));
      if (!found) return null;
      return (await getIssuer()).didDocumentOf(found.organizationId, found.publicId);
    }
    if (url.startsWith(statusPrefix)) {
      const document = await repository.statusListByPublicId(url.slice(statusPrefix.length));
      return document ? (JSON.parse(document) as Record<string, unknown>) : null;
    }
    return null;
  }

  const verify = createVerifier({
    localDocument,
    fetch:
      options.outboundFetch ??
      (async () => {
        throw new Error('documents of other issuers are not fetched here');
      }),
  });
  return { repository, issuer: getIssuer, verify, localDocument };
}
