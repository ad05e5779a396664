import { type CamelCased, camelCased } from '@laurel/contract/casing';

import type { Database } from './schema.ts';

/** The fields of `Body` that name no column of `Table`. */
type Uncolumned<Table, Body> = Exclude<keyof CamelCased<Body>, keyof Table>;

/**
 * A body's fields as the columns of the table it is written to (`program_code` → `programCode`,
 * a field left out is left out): the one mapping from the spec's snake_case bodies to the
 * database (decision 056). A field with no column of `table` fails typechecking (its value is
 * then expected to be `never`).
 * @example insertInto('credentials').values({ ...columnsOf('credentials', body), status: 'ACTIVE' })
 */
export function columnsOf<Name extends keyof Database, Body extends object>(
  _table: Name,
  body: Body & Record<Uncolumned<Database[Name], Body>, never>,
): CamelCased<Body> {
  return camelCased(body);
}
