import type { Generated } from 'kysely';

import { type CamelCase, type CamelCased, camelCased } from '@laurel/contract/casing';

import type { Bool, Database } from './schema.ts';

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

/** Keys of `Body` that it may leave out. */
type OptionalKeys<Body> = {
  [Field in keyof Body]-?: object extends Pick<Body, Field> ? Field : never;
}[keyof Body];

/** How a value is stored: a boolean as `Bool` (0/1 on SQLite), a code of a few (an enum) as text. */
type Stored<Value> = [Value] extends [boolean] ? Bool : [Value] extends [string] ? string : Value;

/**
 * The column that stores a body field of type `Value`: nullable when the field is, with the
 * database's default (`Generated`) when a body may leave the field out and it is not nullable.
 */
type ColumnOf<Value, Optional extends boolean> = null extends Value
  ? Stored<NonNullable<Value>> | null
  : Optional extends true
    ? [NonNullable<Value>] extends [boolean]
      ? Bool
      : Generated<Stored<NonNullable<Value>>>
    : Stored<NonNullable<Value>>;

/**
 * The columns that store a body's fields, named and typed from its contract (decision 056), for
 * a table of `db/schema.ts` to extend with the columns no body sets:
 * `{ program_code?: string | null }` → `{ programCode: string | null }`.
 * @example interface CredentialTable extends BodyColumns<TCredentialBody> { id: Generated<number> }
 */
export type BodyColumns<Body> = {
  [Field in keyof Body & string as CamelCase<Field>]-?: ColumnOf<
    Body[Field],
    Field extends OptionalKeys<Body> ? true : false
  >;
};
