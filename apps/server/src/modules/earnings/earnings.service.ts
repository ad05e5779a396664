import type { Insertable, Kysely } from 'kysely';

import type { TEarningsImportResult } from '@laurel/contract/insights';

import type { Database, EarningsYearTable } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { JOB_TYPES } from '../../jobs/types.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor, Auditor } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import {
  EARNINGS_PROVIDERS,
  type EarningsProviderCode,
  latestCompleteYear,
} from './earnings-provider.ts';
import {
  type EarningsFileRow,
  FileError,
  parseEarningsFile,
  type RowError,
} from './earnings-file.ts';
import { awardKeyText, type EarningsRepository } from './earnings.repository.ts';
import { rebuildInsightsDedupeKey } from './match-awards.job.ts';

/** Rows stored per transaction; an award's rows are never split between two. */
const STORE_BATCH_ROWS = 5000;
/** Row errors listed in a refusal. */
const MAX_REPORTED_ERRORS = 100;

export function createEarningsService(deps: {
  db: Kysely<Database>;
  earnings: EarningsRepository;
  audit: Auditor;
  /** Wakes the job worker after a rebuild was queued. */
  notifyJobs?: () => void;
  now?: () => Date;
}) {
  const { db, earnings, audit } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Imports a bureau's earnings result file for an organization. Every row is checked first;
     * any error refuses the whole file (nothing stored). Then the rows are stored idempotently
     * (earnings years upserted on award and year), the awards marked MATCHED, one usage event
     * billed per newly matched award, and a rebuild of the organization's insights queued.
     */
    async importFile(
      actor: Actor,
      organizationId: number,
      text: string,
    ): Promise<TEarningsImportResult> {
      requireAccess(actor.principal, 'import:earnings', { organizationId });
      if (!(await earnings.organizationExists(organizationId))) throw notFound();

      let parsed: ReturnType<typeof parseEarningsFile>;
      try {
        parsed = parseEarningsFile(text, { latestYear: latestCompleteYear(now()) });
      } catch (error) {
        if (error instanceof FileError) throw badRequest(error.message);
        throw error;
      }
      const errors: RowError[] = [...parsed.errors];
      const awardIds = await earnings.findAwards(organizationId, parsed.rows);
      const byAward = new Map<number, EarningsFileRow[]>();
      const providerOf = new Map<number, EarningsProviderCode>();
      for (const row of parsed.rows) {
        const awardId = awardIds.get(awardKeyText(row));
        if (awardId === undefined) {
          errors.push({
            line: row.line,
            message:
              'No award of this organization has this award_external_id, credential_code and award_date',
          });
          continue;
        }
        const rows = byAward.get(awardId) ?? [];
        if (rows.some((r) => r.year === row.year)) {
          errors.push({ line: row.line, message: `Year ${row.year} of this award appears twice` });
          continue;
        }
        const provider = providerOf.get(awardId) ?? row.provider;
        if (provider !== row.provider) {
          errors.push({
            line: row.line,
            message: 'All rows of one award must name the same provider',
          });
          continue;
        }
        providerOf.set(awardId, provider);
        rows.push(row);
        byAward.set(awardId, rows);
      }
      if (errors.length > 0) {
        errors.sort((a, b) => a.line - b.line);
        const fieldErrors = Object.fromEntries(
          errors.slice(0, MAX_REPORTED_ERRORS).map((e) => [`line ${e.line}`, e.message]),
        );
        throw badRequest(
          `${errors.length} row(s) of the earnings file have errors; nothing was imported`,
          fieldErrors,
        );
      }

      let newlyMatched = 0;
      const awardList = [...byAward.keys()].sort((a, b) => a - b);
      const at = now();
      let start = 0;
      while (start < awardList.length) {
        let end = start;
        let rowCount = 0;
        while (
          end < awardList.length &&
          (rowCount === 0 || rowCount + byAward.get(awardList[end]!)!.length <= STORE_BATCH_ROWS)
        ) {
          rowCount += byAward.get(awardList[end]!)!.length;
          end += 1;
        }
        const batch = awardList.slice(start, end);
        start = end;
        const years: Array<Insertable<EarningsYearTable>> = [];
        const byProvider = new Map<EarningsProviderCode, number[]>();
        for (const awardId of batch) {
          const provider = providerOf.get(awardId)!;
          const ids = byProvider.get(provider) ?? [];
          ids.push(awardId);
          byProvider.set(provider, ids);
          for (const row of byAward.get(awardId)!) {
            years.push({
              awardId,
              year: row.year,
              wage: row.wage,
              employed: row.employed,
              fullTime: row.fullTime,
              industry: row.industry,
              jobRole: row.jobRole,
              source: row.provider,
            });
          }
        }
        newlyMatched += await db.transaction().execute(async (trx) => {
          await earnings.upsertEarningsYears(trx, years);
          let matched = 0;
          for (const [provider, ids] of byProvider) {
            matched += (
              await earnings.markMatched(trx, {
                organizationId,
                awardIds: ids,
                provider,
                billingCode: EARNINGS_PROVIDERS[provider].billingCode,
                at,
              })
            ).length;
          }
          return matched;
        });
      }

      await db.transaction().execute(async (trx) => {
        await audit(trx, actor, {
          type: 'UPLOAD',
          resourceType: 'earnings-import',
          resourceId: organizationId,
          organizationId,
          summary: `Imported earnings: ${parsed.rows.length} rows for ${awardList.length} awards (${newlyMatched} newly matched)`,
        });
        await enqueueJob(trx, {
          type: JOB_TYPES.rebuildInsights,
          organizationId,
          dedupeKey: rebuildInsightsDedupeKey(organizationId),
        });
      });
      deps.notifyJobs?.();
      return { rowsImported: parsed.rows.length, awards: awardList.length, newlyMatched };
    },
  };
}
export type EarningsService = ReturnType<typeof createEarningsService>;
