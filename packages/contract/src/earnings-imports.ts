import { z } from 'zod';

import { EARNINGS_IMPORT_STATUSES } from './constants.ts';

/** Largest earnings result file accepted in one import (about 500,000 rows); split bigger ones. */
export const EARNINGS_IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** Row errors an import keeps and shows (the count covers them all). */
export const EARNINGS_IMPORT_MAX_ERRORS = 100;

/**
 * An earnings result file import and its progress (docs/earnings-import.md). Rows are all checked
 * first (`rowsChecked` grows; `rowsTotal` is known once every row is checked), then stored
 * (`rowsProcessed` grows). Any row error fails the whole import and nothing is stored.
 */
export const ZEarningsImport = z
  .object({
    id: z.number().int(),
    organizationId: z.number().int(),
    organizationName: z.string(),
    fileName: z.string(),
    fileSize: z.number().int(),
    status: z.enum(EARNINGS_IMPORT_STATUSES),
    rowsTotal: z.number().int(),
    rowsChecked: z.number().int(),
    rowsProcessed: z.number().int(),
    /** Awards the file has earnings years for. */
    awards: z.number().int(),
    /** Awards that were not matched before (one usage event each). */
    newlyMatched: z.number().int(),
    /** Rows with errors (all of them; `rowErrors` lists the first ones). */
    rowsFailed: z.number().int(),
    /** Why the import failed, when it did. */
    errorMessage: z.string().nullable(),
    /** The first row errors by line number (the header is line 1). */
    rowErrors: z.array(z.object({ line: z.number().int(), message: z.string() })),
    importedBy: z.string().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'EarningsImport' });
export type TEarningsImport = z.infer<typeof ZEarningsImport>;

/** An organization's latest imports, newest first. */
export const ZEarningsImportList = z
  .object({ items: z.array(ZEarningsImport) })
  .meta({ id: 'EarningsImportList' });
