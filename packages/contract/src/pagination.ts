import { z } from 'zod';

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SEARCH_MATCH_LIMIT } from './page-size.ts';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, SEARCH_MATCH_LIMIT };

const DECIMAL_DIGITS = /^\d{1,16}$/;

/**
 * A whole number as paths and query strings carry it: decimal digits only, so `0x8`, `8e0`, `+8`,
 * ` 8` and `8.0` are refused rather than read as 8.
 */
export const ZWholeNumber = z
  .string()
  .regex(DECIMAL_DIGITS, 'Must be a whole number written with the digits 0-9')
  .transform(Number);

/** Query parameters every list accepts; `sort` names are checked per list. */
export function listQuery<const S extends readonly [string, ...string[]]>(
  sortFields: S,
  defaultSort: S[number],
) {
  return z.strictObject({
    search: z.string().trim().max(200).optional(),
    sort: z.enum(sortFields).default(defaultSort),
    order: z.enum(['asc', 'desc']).default('asc'),
    page: ZWholeNumber.pipe(z.number().int().min(1).max(100_000)).default(1),
    pageSize: ZWholeNumber.pipe(
      z.number().int().min(1).max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} rows a page`),
    ).default(DEFAULT_PAGE_SIZE),
  });
}

/**
 * One page of a list. `total` counts every row the filters match, except when a text search matches
 * more than SEARCH_MATCH_LIMIT rows: then the list holds the first SEARCH_MATCH_LIMIT matches its
 * text index yields (docs/decisions/030), sorted and paged as asked; `total` is SEARCH_MATCH_LIMIT
 * and `totalIsLowerBound` is true. The field is absent otherwise, so clients that do not know it read the page as before.
 */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    totalIsLowerBound: z
      .boolean()
      .optional()
      .meta({
        description: `True when a text search matched more than ${SEARCH_MATCH_LIMIT} rows: the list holds ${SEARCH_MATCH_LIMIT} of them and \`total\` is a lower bound. Absent otherwise.`,
      }),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export interface TPage<T> {
  items: T[];
  total: number;
  /** True when a text search matched more rows than `total` (see `page`); absent otherwise. */
  totalIsLowerBound?: boolean;
  page: number;
  pageSize: number;
}

const ZPositiveId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** An id in a path or query string (`/api/credentials/8`, `?organizationId=3`). */
export const ZId = ZWholeNumber.pipe(ZPositiveId);

/** An id in a JSON body: a number, or the same digits a path would carry. */
export const ZBodyId = z.union([ZPositiveId, ZId]);

/**
 * Lookup tables (organization and credential types, login modes, audit types) number their rows
 * with 32-bit integers; a larger id names nothing and must not reach a query.
 */
export const MAX_LOOKUP_ID = 2_147_483_647;

/**
 * A lookup id in a JSON body (`"type_id": 3`); `message` says what to choose when there is none.
 * @example bodyLookupId('Choose a type')
 */
export const bodyLookupId = (message = 'Choose one') =>
  z.number({ error: message }).int(message).positive(message).max(MAX_LOOKUP_ID, message);
const ZBodyLookupId = bodyLookupId();

/** A lookup id in a query string (`?typeId=3`). */
export const ZLookupId = ZWholeNumber.pipe(ZBodyLookupId);

/** The id a header or other text names, or undefined unless it is plain decimal digits. */
export function parseId(text: string): number | undefined {
  const parsed = ZId.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}
export const ZIdParams = z.strictObject({ id: ZId });

/** Query booleans arrive as text. */
export const ZQueryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');
