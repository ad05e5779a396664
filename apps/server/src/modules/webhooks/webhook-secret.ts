import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

import { type CryptoBox, createCryptoBox } from '@laurel/identity/crypto-box';

import type { Database } from '../../db/schema.ts';
import { resolveSecretKey } from '../../db/secret-key.ts';

/** Standard Webhooks' secret format: `whsec_` and the base64 of 32 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** What the API shows of a secret to tell it apart: the prefix and four more characters. */
export const secretStartOf = (secret: string) => secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4);

/**
 * The box the endpoints' secrets are sealed in, under SECRET_KEY (or the demo database's own),
 * made at its first use.
 */
export function webhookSecretBox(
  db: Kysely<Database>,
  secretKey: string | undefined,
): () => Promise<CryptoBox> {
  let box: Promise<CryptoBox> | undefined;
  return () =>
    (box ??= resolveSecretKey(db, secretKey).then((key) =>
      createCryptoBox(key, 'webhook-secrets'),
    ));
}
