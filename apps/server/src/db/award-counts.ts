import { type Kysely, sql } from 'kysely';

import type { Database } from './schema.ts';

/**
 * Sets the award count of an organization's credentials (or every credential) from the awards
 * table, in the caller's transaction (the demo seed, which adds awards in bulk; an upload adds to
 * the counts only the awards it created).
 */
export async function recountAwards(
  executor: Kysely<Database>,
  organizationId?: number,
): Promise<void> {
  let query = executor.updateTable('credentials').set({
    awardCount: sql<number>`(select count(*) from awards where awards.credential_id = credentials.id)`,
  });
  if (organizationId !== undefined) query = query.where('organizationId', '=', organizationId);
  await query.execute();
}
