import type { Kysely } from 'kysely';

import type { Database } from './schema.ts';

/**
 * The server's secret key, as the identity pool reads it: SECRET_KEY, or the demo database's own
 * (made when the demo world was seeded). Signing keys are sealed under it and API keys hashed.
 */
export async function resolveSecretKey(
  db: Kysely<Database>,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  const row = await db
    .selectFrom('appSettings')
    .select('value')
    .where('key', '=', 'secret_key')
    .executeTakeFirst();
  if (!row) throw new Error('No SECRET_KEY is configured and the database has none');
  return row.value;
}
