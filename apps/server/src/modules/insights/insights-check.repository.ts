import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema.ts';
import { toIso } from '../../db/values.ts';
import { JOB_TYPES } from '../../jobs/types.ts';

/** One organization's last consistency check of its stored insight figures. */
export interface InsightCheck {
  organizationId: number;
  checkedAt: string;
  /** 0: the stored figures are those a full rebuild computes. */
  differingCohorts: number;
  differences: string | null;
}

/** The `check-insights` job of one organization and UTC day: queued once, on any instance. */
export const checkInsightsDedupeKey = (organizationId: number, day: string) =>
  `check-insights:${day}:${organizationId}`;

export function createInsightsCheckRepository(db: Kysely<Database>) {
  return {
    /** Keeps the organization's latest check (one row per organization). */
    async record(check: InsightCheck): Promise<void> {
      const values = {
        checkedAt: check.checkedAt,
        differingCohorts: check.differingCohorts,
        differences: check.differences,
      };
      await db
        .insertInto('insightChecks')
        .values({ organizationId: check.organizationId, ...values })
        .onConflict((oc) => oc.column('organizationId').doUpdateSet(values))
        .execute();
    },

    /** Organizations whose insights are checked: entitled to insights, with awards. */
    async checkedOrganizations(organizationId?: number): Promise<number[]> {
      let query = db
        .selectFrom('organizations as o')
        .select('o.id')
        .where('o.insightsEntitled', '=', true)
        .where((eb) =>
          eb.exists(
            eb.selectFrom('awards as a').select('a.id').whereRef('a.organizationId', '=', 'o.id'),
          ),
        );
      if (organizationId !== undefined) query = query.where('o.id', '=', organizationId);
      return (await query.orderBy('o.id').execute()).map((row) => Number(row.id));
    },

    /** The organizations whose check of `day` was queued already (any instance, any outcome). */
    async queuedOn(day: string): Promise<Set<number>> {
      const prefix = checkInsightsDedupeKey(0, day).slice(0, -1);
      const rows = await db
        .selectFrom('jobs')
        .select('dedupeKey')
        .where('type', '=', JOB_TYPES.checkInsights)
        .where('dedupeKey', 'like', `${prefix}%`)
        .execute();
      return new Set(rows.map((row) => Number(row.dedupeKey!.slice(prefix.length))));
    },

    /** Organizations whose last check found differences, with their names; most cohorts first. */
    async inconsistent(): Promise<Array<InsightCheck & { organizationName: string }>> {
      const rows = await db
        .selectFrom('insightChecks as c')
        .innerJoin('organizations as o', 'o.id', 'c.organizationId')
        .where('c.differingCohorts', '>', 0)
        .select([
          'c.organizationId',
          'o.name as organizationName',
          'c.checkedAt',
          'c.differingCohorts',
          'c.differences',
        ])
        .orderBy('c.differingCohorts', 'desc')
        .orderBy('o.name')
        .execute();
      return rows.map((row) => ({
        ...row,
        organizationId: Number(row.organizationId),
        checkedAt: toIso(row.checkedAt),
      }));
    },

    /** What /metrics says of the checks: organizations found inconsistent, and the latest check. */
    async summary(): Promise<{ inconsistent: number; lastCheckedAt: string | null }> {
      const row = await db
        .selectFrom('insightChecks')
        .select((eb) => [
          eb.fn
            .sum<number | string | null>(
              eb.case().when('differingCohorts', '>', 0).then(1).else(0).end(),
            )
            .as('inconsistent'),
          eb.fn.max('checkedAt').as('last'),
        ])
        .executeTakeFirst();
      return {
        inconsistent: Number(row?.inconsistent ?? 0),
        lastCheckedAt: row?.last == null ? null : toIso(row.last as Date | string),
      };
    },
  };
}
export type InsightsCheckRepository = ReturnType<typeof createInsightsCheckRepository>;
