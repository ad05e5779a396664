import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

import * as foundation from './migrations/20261121T1310-foundation.ts';
import * as directory from './migrations/20261121T1400-directory.ts';
import * as searchIndexes from './migrations/20261121T1500-search-indexes.ts';
import * as insights from './migrations/20261121T1600-insights.ts';
import * as directorySpeed from './migrations/20261121T1700-directory-speed.ts';
import * as invitationsSso from './migrations/20261121T1710-invitations-sso.ts';
import * as securityEdges from './migrations/20261124T0900-security-edges.ts';
import * as earningsImports from './migrations/20261124T1000-earnings-imports.ts';
import * as credentialAwardCounts from './migrations/20261125T0000-credential-award-counts.ts';
import * as uploadStatusWords from './migrations/20261126T0900-upload-status-words.ts';
import * as auditTrail from './migrations/20261126T0910-audit-trail.ts';
import * as rateLimits from './migrations/20261126T0920-rate-limits.ts';
import * as attention from './migrations/20261126T0930-attention.ts';
import * as dashboardSpeed from './migrations/20261126T0940-dashboard-speed.ts';
import * as passwordlessSignIn from './migrations/20261127T0901-passwordless-sign-in.ts';
import * as insightPersons from './migrations/20261127T0920-insight-persons.ts';
import * as benchmarks from './migrations/20261127T0930-benchmarks.ts';
import * as shortTextSearch from './migrations/20261127T0940-short-text-search.ts';
import * as unloggedRequestCounters from './migrations/20261127T0941-unlogged-request-counters.ts';
import * as sortOrderIndexes from './migrations/20261128T1000-sort-order-indexes.ts';
import * as rowCounts from './migrations/20261128T1010-row-counts.ts';
import * as filterSortIndexes from './migrations/20261129T1000-filter-sort-indexes.ts';
import * as combinedSearchText from './migrations/20261130T1000-combined-search-text.ts';
import * as bookmarkItemNames from './migrations/20261201T1000-bookmark-item-names.ts';
import * as filterJoinSortIndexes from './migrations/20261201T1010-filter-join-sort-indexes.ts';
import * as combinedBigrams from './migrations/20261201T1020-combined-bigrams.ts';
import * as awardeeSearch from './migrations/20261202T1000-awardee-search.ts';
import * as uploadRefusalsBenchmarkVersions from './migrations/20261202T1030-upload-refusals-benchmark-versions.ts';
import * as openBadges from './migrations/20261203T1000-open-badges.ts';
import * as credentialNotices from './migrations/20261204T1000-credential-notices.ts';
import * as apiKeys from './migrations/20261205T1000-api-keys.ts';
import * as uploadIdempotency from './migrations/20261205T1010-upload-idempotency.ts';
import * as awardChangesIndex from './migrations/20261205T1020-award-changes-index.ts';
import * as webhooks from './migrations/20261206T1000-webhooks.ts';
import * as webhookEndpointsDisabledAt from './migrations/20261207T1000-webhook-endpoints-disabled-at.ts';

/** The server's own migrations, by name. Names sort in the order they must run. */
export const serverMigrations: Record<string, Migration> = {
  '20261121T1310-foundation': foundation,
  '20261121T1400-directory': directory,
  '20261121T1500-search-indexes': searchIndexes,
  '20261121T1600-insights': insights,
  '20261121T1700-directory-speed': directorySpeed,
  '20261121T1710-invitations-sso': invitationsSso,
  '20261124T0900-security-edges': securityEdges,
  '20261124T1000-earnings-imports': earningsImports,
  '20261125T0000-credential-award-counts': credentialAwardCounts,
  '20261126T0900-upload-status-words': uploadStatusWords,
  '20261126T0910-audit-trail': auditTrail,
  '20261126T0920-rate-limits': rateLimits,
  '20261126T0930-attention': attention,
  '20261126T0940-dashboard-speed': dashboardSpeed,
  '20261127T0901-passwordless-sign-in': passwordlessSignIn,
  '20261127T0920-insight-persons': insightPersons,
  '20261127T0930-benchmarks': benchmarks,
  '20261127T0940-short-text-search': shortTextSearch,
  '20261127T0941-unlogged-request-counters': unloggedRequestCounters,
  '20261128T1000-sort-order-indexes': sortOrderIndexes,
  '20261128T1010-row-counts': rowCounts,
  '20261129T1000-filter-sort-indexes': filterSortIndexes,
  '20261130T1000-combined-search-text': combinedSearchText,
  '20261201T1000-bookmark-item-names': bookmarkItemNames,
  '20261201T1010-filter-join-sort-indexes': filterJoinSortIndexes,
  '20261201T1020-combined-bigrams': combinedBigrams,
  '20261202T1000-awardee-search': awardeeSearch,
  '20261202T1030-upload-refusals-benchmark-versions': uploadRefusalsBenchmarkVersions,
  '20261203T1000-open-badges': openBadges,
  '20261204T1000-credential-notices': credentialNotices,
  '20261205T1000-api-keys': apiKeys,
  '20261205T1010-upload-idempotency': uploadIdempotency,
  '20261205T1020-award-changes-index': awardChangesIndex,
  '20261206T1000-webhooks': webhooks,
  '20261207T1000-webhook-endpoints-disabled-at': webhookEndpointsDisabledAt,
};

class StaticMigrationProvider implements MigrationProvider {
  private readonly migrations: Record<string, Migration>;
  constructor(migrations: Record<string, Migration>) {
    this.migrations = migrations;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

/**
 * Runs every pending migration of the given sets, throwing the first failure.
 * @example await migrateToLatest(db, [serverMigrations, identityMigrations]);
 */
export async function migrateToLatest(
  db: Kysely<any>,
  sets: Array<Record<string, Migration>>,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(Object.assign({}, ...sets)),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const detail = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${detail}`);
  }
}
