import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;

/** Query parameters every list accepts; `sort` names are checked per list. */
export function listQuery<const S extends readonly [string, ...string[]]>(
  sortFields: S,
  defaultSort: S[number],
) {
  return z.strictObject({
    search: z.string().trim().max(200).optional(),
    sort: z.enum(sortFields).default(defaultSort),
    order: z.enum(['asc', 'desc']).default('asc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} rows a page`)
      .default(DEFAULT_PAGE_SIZE),
  });
}

export function page<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export interface TPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** `?organizationId=` as a positive integer. */
export const ZId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const ZIdParams = z.strictObject({ id: ZId });

/** Query booleans arrive as text. */
export const ZQueryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');
